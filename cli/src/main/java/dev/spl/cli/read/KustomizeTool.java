package dev.spl.cli.read;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real kustomize, as the user's own {@code kustomize build} or {@code kubectl kustomize} runs
 * it: found on the PATH (kustomize first, then kubectl, which ships it), or named by {@code
 * --kustomize}. Each build runs through a kustomization of spl's own in a temporary directory that
 * lists the user's one as its only resource and asks for {@code buildMetadata:
 * [originAnnotations]}, so that every object built says which file it came from; nothing is written
 * in the user's tree.
 */
public final class KustomizeTool {
  /** What {@code --kustomize} takes besides a command's path. */
  public static final String AUTO = "auto";

  static final String NONE = "none";

  // A build of a real repository takes well under a second; a remote resource on a dead host
  // would otherwise hold the run for as long as git waits.
  private static final long TIMEOUT_SECONDS = 120;
  // No build of objects a cluster takes is this large (the API server's objects are at most 3 MiB).
  private static final int MAX_OUTPUT = 256 << 20;

  private final List<String> command; // empty: no kustomize here
  private final String missing; // why there is none, when there is none

  private KustomizeTool(List<String> command, String missing) {
    this.command = command;
    this.missing = missing;
  }

  /**
   * The tool {@code choice} names: {@value #AUTO} (kustomize or kubectl on the PATH), {@value
   * #NONE} (spl's own reading of kustomizations), or a command's path.
   */
  public static KustomizeTool of(String choice) {
    if (choice == null || choice.equals(AUTO)) {
      Optional<Path> kustomize = onPath("kustomize");
      if (kustomize.isPresent()) {
        return new KustomizeTool(List.of(kustomize.get().toString(), "build"), null);
      }
      Optional<Path> kubectl = onPath("kubectl");
      if (kubectl.isPresent()) {
        return new KustomizeTool(List.of(kubectl.get().toString(), "kustomize"), null);
      }
      return new KustomizeTool(
          List.of(),
          "neither kustomize nor kubectl is on the PATH (install kubectl, which includes kustomize)");
    }
    if (choice.equals(NONE)) {
      return new KustomizeTool(List.of(), "--kustomize none");
    }
    Path named = Path.of(choice);
    if (!Files.isExecutable(named)) {
      return new KustomizeTool(List.of(), "--kustomize " + choice + " is not an executable file");
    }
    String name = named.getFileName().toString();
    return new KustomizeTool(
        List.of(choice, name.startsWith("kubectl") ? "kustomize" : "build"), null);
  }

  private static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /** True when builds can be made here. */
  public boolean available() {
    return !command.isEmpty();
  }

  /** Why no build is made here, when none is. */
  String whyNot() {
    return missing;
  }

  /**
   * The outcome of one build.
   *
   * @param output the objects built, as YAML, or null when the build failed
   * @param wrapper the directory of spl's kustomization: the origin annotations' paths are relative
   *     to it
   * @param error kustomize's own words, when it failed
   */
  record Build(String output, Path wrapper, String error) {
    boolean made() {
      return output != null;
    }
  }

  /** Builds the kustomization in {@code dir}; never throws: a failure is a build with its error. */
  Build build(Path dir) {
    return build(dir, List.of(), "");
  }

  /**
   * Builds the kustomization in {@code dir} with {@code components} (directories) and {@code
   * options} (kustomization fields, as YAML: a namespace, patches, images...) applied over it, as
   * Flux's kustomize-controller applies a Kustomization's own fields.
   */
  Build build(Path dir, List<Path> components, String options) {
    Path wrapper = null;
    try {
      wrapper = Files.createTempDirectory("spl-kustomize");
      Path realWrapper = wrapper.toRealPath();
      Path target = dir.toRealPath();
      String relative = realWrapper.relativize(target).toString().replace('\\', '/');
      Files.writeString(
          wrapper.resolve("kustomization.yaml"),
          "# spl's wrapper: the user's build, each object annotated with the file it came from\n"
              + "apiVersion: kustomize.config.k8s.io/v1beta1\n"
              + "kind: Kustomization\n"
              + "resources:\n"
              + "- "
              + relative
              + "\n"
              + componentsYaml(realWrapper, components)
              + options
              + "buildMetadata: [originAnnotations]\n");
      List<String> cmd = new ArrayList<>(command);
      cmd.add(realWrapper.toString());
      ProcessBuilder pb = new ProcessBuilder(cmd).directory(realWrapper.toFile());
      pb.environment().put("KUSTOMIZE_PLUGIN_HOME", realWrapper.resolve("no-plugins").toString());
      Process process = pb.start();
      process.getOutputStream().close();
      CompletableFuture<byte[]> out = read(process.getInputStream(), MAX_OUTPUT);
      CompletableFuture<byte[]> err = read(process.getErrorStream(), 1 << 20);
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return new Build(null, realWrapper, "kustomize took over " + TIMEOUT_SECONDS + " s");
      }
      byte[] stdout = out.get(10, TimeUnit.SECONDS);
      String stderr = new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
      if (stdout == null) {
        return new Build(null, realWrapper, "kustomize's output is over 256 MiB");
      }
      if (process.exitValue() != 0) {
        return new Build(null, realWrapper, reason(stderr, realWrapper, target));
      }
      return new Build(new String(stdout, StandardCharsets.UTF_8), realWrapper, null);
    } catch (IOException e) {
      return new Build(null, wrapper, "cannot run kustomize: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Build(null, wrapper, "interrupted");
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return new Build(null, wrapper, "cannot read kustomize's output: " + e);
    } finally {
      deleteQuietly(wrapper);
    }
  }

  private static String componentsYaml(Path wrapper, List<Path> components) throws IOException {
    if (components.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("components:\n");
    for (Path c : components) {
      out.append("- ")
          .append(wrapper.relativize(c.toRealPath()).toString().replace('\\', '/'))
          .append('\n');
    }
    return out.toString();
  }

  private static CompletableFuture<byte[]> read(InputStream in, int max) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (in) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            byte[] chunk = new byte[65536];
            boolean over = false;
            for (int n; (n = in.read(chunk)) >= 0; ) {
              if (buf.size() + n > max) {
                over = true; // keep draining, so the process is not blocked on a full pipe
              } else {
                buf.write(chunk, 0, n);
              }
            }
            return over ? null : buf.toByteArray();
          } catch (IOException e) {
            return new byte[0];
          }
        });
  }

  // kubectl writes klog lines: E1207 00:36:12.181941 2399 run.go:72] "command failed" err="..."
  private static final Pattern KLOG_ERR = Pattern.compile("err=\"((?:[^\"\\\\]|\\\\.)*)\"");

  /** kustomize's error in a line: its words, spl's wrapper's paths taken out. */
  static String reason(String stderr, Path wrapper, Path target) {
    String text = stderr.strip();
    Matcher m = KLOG_ERR.matcher(text);
    if (m.find()) {
      text = m.group(1).replace("\\\"", "\"").replace("\\\\", "\\");
    } else if (text.startsWith("Error: ")) {
      text = text.substring("Error: ".length());
    }
    // Accumulation errors nest ("accumulating resources from '.': ... recursed accumulation of
    // path 'DIR': <what is wrong>"); the innermost words say what is wrong.
    int nested = text.lastIndexOf("recursed accumulation of path '");
    int end = nested < 0 ? -1 : text.indexOf("': ", nested);
    if (end > 0) {
      text = text.substring(end + 3);
    }
    String firstLine = text.lines().findFirst().orElse("kustomize failed without a message");
    String relative = wrapper.relativize(target).toString();
    firstLine =
        firstLine
            .replace(wrapper.resolve(relative).normalize().toString(), target.toString())
            .replace(wrapper.toString() + "/", "")
            .replace(relative + "/", "")
            .replace(relative, ".");
    return firstLine.length() > 400 ? firstLine.substring(0, 397) + "..." : firstLine;
  }

  static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var files = Files.walk(dir)) {
      files
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // a temporary file left behind is no reason to fail a lint
                }
              });
    } catch (IOException e) {
      // as above
    }
  }
}
