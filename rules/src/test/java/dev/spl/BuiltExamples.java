package dev.spl;

import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The examples that are kustomize builds ({@code <folder>/bad/kustomization.yaml}), loaded for the
 * engine as the CLI builds them: their one manifest with the kustomization's namePrefix and
 * nameSuffix on every object's name. (The CLI's own renaming, KustomizeNames, is tested against
 * kubectl kustomize; this is the small part of it the engine-level tests need.)
 */
public final class BuiltExamples {
  private BuiltExamples() {}

  private static final Pattern PREFIX = Pattern.compile("(?m)^namePrefix: (\\S+)");
  private static final Pattern SUFFIX = Pattern.compile("(?m)^nameSuffix: (\\S+)");

  /** The manifests of the build examples ({@code bad/bad.yaml}, {@code good/good.yaml}). */
  public static List<Path> manifestFiles() throws IOException {
    try (Stream<Path> files = Files.walk(ExamplesTest.EXAMPLES, 3)) {
      return files
          .filter(p -> Files.isRegularFile(p.resolveSibling("kustomization.yaml")))
          .filter(p -> p.getFileName().toString().matches("(bad|good)\\.yaml"))
          .sorted()
          .toList();
    }
  }

  /** {@code file}, and when it is a build example's manifest, its objects renamed by the build. */
  public static LoadedInput load(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    LoadedInput in = new ManifestLoader().loadText(file.toString(), text);
    Path kustomization = file.resolveSibling("kustomization.yaml");
    if (!Files.isRegularFile(kustomization)) {
      return in;
    }
    String k = Files.readString(kustomization, StandardCharsets.UTF_8);
    String prefix = group(PREFIX.matcher(k));
    String suffix = group(SUFFIX.matcher(k));
    return renamed(
        in,
        r -> !Set.of("CustomResourceDefinition", "APIService", "Namespace").contains(r.kind()),
        prefix,
        suffix,
        "kustomize build " + file.getParent());
  }

  /** {@code in} with the objects {@code which} picks named {@code prefix + name + suffix}. */
  public static LoadedInput renamed(
      LoadedInput in, Predicate<Resource> which, String prefix, String suffix, String by) {
    List<Resource> renamed =
        in.resources().stream()
            .map(
                r -> {
                  if (!which.test(r)) {
                    return r;
                  }
                  ResourceRef ref = r.ref();
                  return new Resource(
                      r.root(),
                      new ResourceRef(
                          ref.apiVersion(),
                          ref.kind(),
                          ref.namespace(),
                          prefix + r.name() + suffix),
                      new Resource.Rename(r.name(), by));
                })
            .toList();
    return new LoadedInput(
        renamed, in.problems(), in.inputErrors(), in.files(), in.documents(), in.skipped());
  }

  private static String group(Matcher m) {
    return m.find() ? m.group(1) : "";
  }
}
