package dev.spl.index;

/**
 * Objects that would run together, which the cross-resource rules judge as one build ({@link
 * UnitBuilds}): a directory of plain manifests as {@code kubectl apply -f} reads it, a chart's
 * release, a kustomize build, an Argo CD directory source, or one example or test file that stands
 * alone.
 *
 * @param name what the user would call it: the directory, the chart (with its values file), the
 *     build's top kustomization, the file
 */
public record Unit(Kind kind, String name) implements Comparable<Unit> {
  /** How a unit's objects come together. */
  public enum Kind {
    /** The plain manifests of one directory, not recursively. */
    DIRECTORY("dir"),
    /** One example, doc or test file: it meets no other unit's objects. */
    FILE("file"),
    /** A chart's release: what one {@code helm template} renders. */
    CHART("helm"),
    /** What one {@code kustomize build} makes. */
    KUSTOMIZE_BUILD("kustomize"),
    /**
     * What an Argo CD Application's directory source deploys when it recurses or filters: its
     * files, across subdirectories.
     */
    APPLICATION("argocd");

    private final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  public static Unit directory(String name) {
    return new Unit(Kind.DIRECTORY, name);
  }

  public static Unit file(String name) {
    return new Unit(Kind.FILE, name);
  }

  public static Unit chart(String name) {
    return new Unit(Kind.CHART, name);
  }

  public static Unit kustomizeBuild(String name) {
    return new Unit(Kind.KUSTOMIZE_BUILD, name);
  }

  public static Unit application(String name) {
    return new Unit(Kind.APPLICATION, name);
  }

  /** True for one example or fixture file: its objects look up what they name, meet no others. */
  public boolean standsAlone() {
    return kind == Kind.FILE;
  }

  @Override
  public int compareTo(Unit o) {
    return toString().compareTo(o.toString());
  }

  /** {@code dir manifests}, {@code helm charts/cart}: as logs and messages name it. */
  @Override
  public String toString() {
    return kind.label + " " + name;
  }
}
