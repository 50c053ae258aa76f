package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The two image tarballs Jib built (from the local base, images/local-base.sh): their configs, and
 * their layers unpacked into a root filesystem and run. As root (CI), the entrypoint runs inside
 * that root with chroot as user 65532, on the image's own C library and Java; otherwise the image's
 * classpath runs on this machine's Java. Skipped, saying why, when the build made no tarballs (no
 * local base: the image-tarball profile is off); .ci/run makes the base and checks.
 */
@Tag("tools")
class ImagesIT {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String VERSION = System.getProperty("spl.version");
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir Path work;

  /**
   * Without the local base the build makes no image tarballs: the tests are reported skipped with
   * that reason (failed under CI), never left out unseen.
   */
  @org.junit.jupiter.api.BeforeAll
  static void imagesWereBuilt() {
    dev.spl.testing.ToolsNeeded.require(
        Files.isRegularFile(ROOT.resolve("target/local-base/base.tar")),
        "no local base image, so no image tarballs were built (bash images/local-base.sh makes"
            + " it; .ci/run does)");
  }

  record Image(JsonNode config, Path rootfs) {}

  /** An OCI image layout tarball: index.json, then the manifest, its config and its layers. */
  Image unpack(Path tarball) throws Exception {
    assertTrue(Files.isRegularFile(tarball), tarball + " was not built");
    Path saved = Files.createDirectories(work.resolve("saved"));
    exec(saved, "tar", "xf", tarball.toString());
    assertTrue(Files.isRegularFile(saved.resolve("oci-layout")), "an OCI image layout");
    JsonNode index = JSON.readTree(saved.resolve("index.json").toFile());
    JsonNode manifest = JSON.readTree(blob(saved, index.get("manifests").get(0)).toFile());
    assertEquals(
        "application/vnd.oci.image.manifest.v1+json", manifest.get("mediaType").asString());
    JsonNode config = JSON.readTree(blob(saved, manifest.get("config")).toFile());
    Path rootfs = Files.createDirectories(work.resolve("rootfs"));
    for (JsonNode layer : manifest.get("layers")) {
      exec(rootfs, "tar", "xzf", blob(saved, layer).toString());
    }
    return new Image(config.get("config"), rootfs);
  }

  static Path blob(Path layout, JsonNode descriptor) {
    String[] digest = descriptor.get("digest").asString().split(":", 2);
    return layout.resolve("blobs").resolve(digest[0]).resolve(digest[1]);
  }

  /** A tool we did not write reads the tarball as an OCI archive and sees the same config. */
  void skopeoReadsTheSameConfig(Path tarball, JsonNode config) throws Exception {
    Command.Result inspect =
        exec(work, "skopeo", "--insecure-policy", "inspect", "--config", "oci-archive:" + tarball);
    JsonNode seen = JSON.readTree(inspect.out()).get("config");
    assertEquals(config.get("User").asString(), seen.get("User").asString());
    assertEquals(config.get("Entrypoint"), seen.get("Entrypoint"));
  }

  void commonLabelsAndUser(JsonNode config) throws Exception {
    assertEquals("65532:65532", config.get("User").asString(), "non-root");
    JsonNode labels = config.get("Labels");
    assertEquals(
        "https://github.com/spl-dev/spl", labels.get("org.opencontainers.image.source").asString());
    assertEquals(VERSION, labels.get("org.opencontainers.image.version").asString());
    String head = exec(ROOT, "git", "rev-parse", "HEAD").out().strip();
    assertEquals(head, labels.get("org.opencontainers.image.revision").asString());
    assertEquals("Apache-2.0", labels.get("org.opencontainers.image.licenses").asString());
  }

  @Test
  void theCliImageLintsAMountedFolder() throws Exception {
    Image image = unpack(ROOT.resolve("cli/target/jib-image.tar"));
    commonLabelsAndUser(image.config());
    skopeoReadsTheSameConfig(ROOT.resolve("cli/target/jib-image.tar"), image.config());
    assertEquals("/src", image.config().get("WorkingDir").asString());
    List<String> entrypoint = strings(image.config().get("Entrypoint"));
    // the shaded jar alone, with the launcher's flags
    assertEquals("java", entrypoint.get(0));
    assertEquals(
        List.of("-jar", "/app/spl.jar"),
        entrypoint.subList(entrypoint.size() - 2, entrypoint.size()));
    assertTrue(entrypoint.contains("-XX:+UseSerialGC"), entrypoint.toString());
    assertFalse(Files.exists(image.rootfs().resolve("app/libs")), "no class path beside the jar");
    // what `docker run -v "$PWD:/src" IMAGE lint /src` does
    Path src = Files.createDirectories(image.rootfs().resolve("src"));
    Files.writeString(src.resolve("route.yaml"), DistributionIT.BAD_ROUTE);
    Command.Result lint = run(image, List.of("lint", "/src"));
    assertEquals(1, lint.status(), lint.out() + lint.err());
    assertTrue(lint.out().contains("route.yaml:8:") && lint.out().contains("SPL021"), lint.out());
    Command.Result version = run(image, List.of("version"));
    assertTrue(version.out().startsWith("spl " + VERSION), version.out() + version.err());
  }

  @Test
  void theWebhookImageStarts() throws Exception {
    Image image = unpack(ROOT.resolve("webhook/target/jib-image.tar"));
    commonLabelsAndUser(image.config());
    skopeoReadsTheSameConfig(ROOT.resolve("webhook/target/jib-image.tar"), image.config());
    assertTrue(image.config().get("ExposedPorts").has("8443/tcp"), image.config().toString());
    List<String> entrypoint = strings(image.config().get("Entrypoint"));
    // the shaded jar alone, as the webhook's memory is measured (bench/webhook/load.sh)
    assertEquals(List.of("java", "-XX:-UsePerfData", "-jar", "/app/spl-webhook.jar"), entrypoint);
    assertTrue(Files.isRegularFile(image.rootfs().resolve("app/spl-webhook.jar")));
    assertFalse(Files.exists(image.rootfs().resolve("app/libs")), "no class path beside the jar");
    Command.Result help = run(image, List.of("--help"));
    assertEquals(0, help.status(), help.err());
    assertTrue(help.out().contains("Usage: spl-webhook"), help.out());
  }

  /** The entrypoint with {@code args}: chrooted as the image's user when root, else on this JVM. */
  Command.Result run(Image image, List<String> args) throws Exception {
    List<String> entrypoint = strings(image.config().get("Entrypoint"));
    List<String> command = new ArrayList<>();
    Path dir = image.rootfs();
    if (exec(work, "id", "-u").out().strip().equals("0")) {
      // A container has /proc (the C library finds java's own folder through it); chroot alone
      // would not.
      Path proc = Files.createDirectories(image.rootfs().resolve("proc"));
      command.addAll(List.of("unshare", "--mount", "--pid", "--fork", "--mount-proc=" + proc));
      command.addAll(List.of("chroot", "--userspec=65532:65532", image.rootfs().toString()));
      // (no shell in the image to change folder with: chroot starts in /)
      command.addAll(entrypoint);
    } else {
      // the image's classpath, paths rewritten into the unpacked root, on this machine's Java
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      for (String part : entrypoint.subList(1, entrypoint.size())) {
        command.add(
            part.startsWith("@/")
                ? "@" + rewriteClasspathFile(image.rootfs(), part.substring(1))
                : part.startsWith("/app/")
                    ? image.rootfs().resolve(part.substring(1)).toString()
                    : part);
      }
      dir =
          image
              .rootfs()
              .resolve(image.config().path("WorkingDir").asString("").replaceFirst("^/", ""));
    }
    command.addAll(args);
    return DistributionIT.run(dir, command, null);
  }

  static Path rewriteClasspathFile(Path rootfs, String file) throws Exception {
    Path original = rootfs.resolve(file.substring(1));
    String rewritten = Files.readString(original).strip().replace("/app/", rootfs + "/app/");
    Path copy = original.resolveSibling("host-classpath");
    Files.writeString(copy, rewritten);
    return copy;
  }

  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  static Command.Result exec(Path dir, String... command) throws Exception {
    Command.Result r = DistributionIT.run(dir, List.of(command), null);
    assertEquals(0, r.status(), String.join(" ", command) + ": " + r.err());
    return r;
  }
}
