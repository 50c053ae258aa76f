package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user downloads, used as a user would: the tarball unpacked somewhere else than it was
 * built, run with no Java and no Maven on the PATH; the runnable jar on the machine's Java.
 */
class DistributionIT {
  static final String VERSION = System.getProperty("spl.version");
  static final String BAD_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: cart, namespace: shop}
      spec:
        parentRefs: [{name: gw}]
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: cart, absoluteTimeout: 1d}
      """;

  @TempDir static Path home;
  static Path dist;
  static Path bareBin;

  @BeforeAll
  static void unpack() throws Exception {
    Path tarball = Path.of(System.getProperty("spl.dist.tarball"));
    assertTrue(Files.isRegularFile(tarball), tarball + " was not built");
    Command.Result tar = run(home, List.of("tar", "xzf", tarball.toString()), null);
    assertEquals(0, tar.status(), tar.err());
    dist = home.resolve("spl-" + VERSION + "-linux-x86_64");
    // The launcher needs a POSIX shell and three tools; no java, no mvn.
    bareBin = Files.createDirectories(home.resolve("bare-bin"));
    for (String tool : List.of("sh", "dirname", "readlink", "cat")) {
      Files.createSymbolicLink(bareBin.resolve(tool), which(tool));
    }
  }

  @Test
  void theTarballLintsWithNothingButItself() throws Exception {
    Path work = Files.createDirectories(home.resolve("work"));
    Files.writeString(work.resolve("route.yaml"), BAD_ROUTE);
    Command.Result lint =
        run(work, List.of(dist.resolve("bin/spl").toString(), "lint", "route.yaml"), bareBin);
    assertEquals(1, lint.status(), lint.out() + lint.err());
    assertTrue(lint.out().contains("route.yaml:8:"), lint.out());
    assertTrue(lint.out().contains("SPL021"), lint.out());
    assertEquals("", lint.err(), "nothing on stderr: no JVM warnings, no build noise");
    Command.Result version =
        run(work, List.of(dist.resolve("bin/spl").toString(), "version"), bareBin);
    assertEquals(0, version.status(), version.err());
    assertTrue(
        version.out().contains("java:         ") && version.out().contains(dist.toString()),
        version.out());
  }

  @Test
  void theLauncherFollowsSymlinksAsBrewAndUsersMakeThem() throws Exception {
    Path link = Files.createDirectories(home.resolve("links")).resolve("spl");
    Files.createSymbolicLink(link, dist.resolve("bin/spl"));
    Command.Result version = run(home, List.of(link.toString(), "--version"), bareBin);
    assertEquals(0, version.status(), version.err());
    assertEquals("spl " + VERSION, version.out().trim());
  }

  @Test
  void theClassDataArchiveIsUsedWhereverTheTarballIsUnpacked() throws Exception {
    // Java 19+ takes a dynamic archive whose jar moved; 17 only at the path it was made at, so a
    // runtime from 17 is expected to run without it (the launcher asks for it with -Xshare:auto).
    Command.Result javaVersion =
        run(home, List.of(dist.resolve("runtime/bin/java").toString(), "-version"), null);
    int feature = Integer.parseInt(javaVersion.err().replaceAll("(?s)^[^\"]*\"(\\d+).*", "$1"));
    List<String> strict = new ArrayList<>();
    strict.add(dist.resolve("runtime/bin/java").toString());
    strict.add("-Xshare:on");
    strict.add("-XX:TieredStopAtLevel=1");
    strict.add("-XX:+UseSerialGC");
    strict.add("-Xmn32m");
    strict.add("-XX:SharedArchiveFile=" + dist.resolve("lib/spl.jsa"));
    strict.addAll(
        Arrays.asList(Files.readString(dist.resolve("lib/jvm.options")).trim().split("\\s+")));
    strict.removeIf(String::isEmpty);
    strict.addAll(List.of("-jar", dist.resolve("lib/spl.jar").toString(), "version"));
    Command.Result shared = run(home, strict, null);
    if (feature >= 19) {
      assertEquals(
          0,
          shared.status(),
          "the archive must map after unpacking: " + shared.out() + shared.err());
    } else {
      assertTrue(
          shared.status() != 0, "Java " + feature + " was not expected to relocate the archive");
    }
  }

  @Test
  void theRunnableJarRunsOnTheMachinesJava() throws Exception {
    Path work = Files.createDirectories(home.resolve("jar-work"));
    Files.writeString(work.resolve("route.yaml"), BAD_ROUTE);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Command.Result lint =
        run(
            work,
            List.of(
                java.toString(), "-jar", System.getProperty("spl.dist.jar"), "lint", "route.yaml"),
            null);
    assertEquals(1, lint.status(), lint.err());
    assertTrue(lint.out().contains("SPL021"), lint.out());
  }

  @Test
  void theRuntimeHasTheModulesTheJarNeeds() throws Exception {
    Path jdeps = Path.of(System.getProperty("java.home"), "bin", "jdeps");
    Command.Result deps =
        run(
            home,
            List.of(
                jdeps.toString(),
                "--multi-release",
                "17",
                "--ignore-missing-deps",
                "--print-module-deps",
                System.getProperty("spl.dist.jar")),
            null);
    assertEquals(0, deps.status(), deps.err());
    Set<String> needed = new TreeSet<>(Arrays.asList(deps.out().trim().split(",")));
    Set<String> shipped =
        new TreeSet<>(Arrays.asList(System.getProperty("spl.dist.modules").split(",")));
    assertTrue(
        shipped.containsAll(needed), "jdeps finds " + needed + "; dist.modules has " + shipped);
    Command.Result listed =
        run(home, List.of(dist.resolve("runtime/bin/java").toString(), "--list-modules"), null);
    for (String module : shipped) {
      assertTrue(
          listed.out().contains(module + "@"), module + " not in the runtime: " + listed.out());
    }
  }

  /**
   * {@code command} in {@code dir}; with {@code onlyPath}, in an empty environment but that PATH.
   */
  static Command.Result run(Path dir, List<String> command, Path onlyPath)
      throws IOException, InterruptedException {
    Command c = Command.of(command).in(dir);
    if (onlyPath != null) {
      c.cleanEnv().env("PATH", onlyPath.toString()).env("HOME", dir.toString());
    }
    return c.run();
  }

  static Path which(String tool) {
    for (String dir : System.getenv("PATH").split(":")) {
      Path p = Path.of(dir, tool);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    throw new AssertionError(tool + " is not on the PATH");
  }
}
