package dev.spl;

import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Map;

/**
 * What the adapter that read a lint's input says about it, for the summary: which Gateway API
 * version was used for how many files and why, which files were skipped as no manifests, and which
 * linted files are renderings (a Helm chart's templates) rather than text as written.
 *
 * @param versions each version used, with its reason and file count
 * @param skipped files that were not linted because they hold no Kubernetes objects
 * @param renderedFrom for a file name that findings carry, what rendered it (e.g. {@code helm
 *     template charts/shop}); positions in such files are in the rendered text
 * @param renderLog what the renderer itself logged (Helm's own lines, each naming its chart), for
 *     {@code --verbose}: kept off standard error, where a CI log would show it as noise
 * @param notRendered the charts that could not be rendered, each with why (each is also an SPL004
 *     finding): counted in every summary, so that a run that read less than it was given says so
 * @param rendered how many charts were rendered, and how many renderings that took (a chart's
 *     {@code ci/*-values.yaml} files are each a rendering of their own)
 * @param builds what the input deploys that the reader built as its tool builds it (a kustomize
 *     build, a Flux HelmRelease, an Argo CD Application) or did not (each of those also an SPL006)
 */
public record InputNotes(
    List<VersionChoice> versions,
    List<String> skipped,
    Map<String, String> renderedFrom,
    List<String> renderLog,
    List<String> notRendered,
    Renderings rendered,
    List<String> controllers,
    List<Build> builds) {
  public static final InputNotes NONE =
      new InputNotes(
          List.of(),
          List.of(),
          Map.of(),
          List.of(),
          List.of(),
          Renderings.NONE,
          List.of(),
          List.of());

  /**
   * One deployment read: its kind ("kustomize build", "HelmRelease", "Application"), how a user
   * names it, and why it was not built (null when it was).
   */
  public record Build(String kind, String unit, String notBuiltBecause) {
    public boolean built() {
      return notBuiltBecause == null;
    }
  }

  /** These notes without builds (a lint that reads no repository's deployments). */
  public InputNotes(
      List<VersionChoice> versions,
      List<String> skipped,
      Map<String, String> renderedFrom,
      List<String> renderLog,
      List<String> notRendered,
      Renderings rendered,
      List<String> controllers) {
    this(versions, skipped, renderedFrom, renderLog, notRendered, rendered, controllers, List.of());
  }

  /** Charts rendered, and the renderings made of them (default values, each ci values file). */
  public record Renderings(int charts, int renderings) {
    public static final Renderings NONE = new Renderings(0, 0);
  }

  /** These notes of a lint that renders no chart (a cluster's objects, standard input). */
  public InputNotes(
      List<VersionChoice> versions,
      List<String> skipped,
      Map<String, String> renderedFrom,
      List<String> renderLog) {
    this(versions, skipped, renderedFrom, renderLog, List.of(), Renderings.NONE, List.of());
  }

  /** These notes, saying which controllers' versions decided version-dependent facts. */
  public InputNotes withControllers(List<String> described) {
    return new InputNotes(
        versions,
        skipped,
        renderedFrom,
        renderLog,
        notRendered,
        rendered,
        List.copyOf(described),
        builds);
  }

  /** One version and why it was chosen, e.g. v1.4 "CRDs in vendor/gateway-api.yaml", 12 files. */
  public record VersionChoice(GatewayApiVersion version, String reason, int files) {}
}
