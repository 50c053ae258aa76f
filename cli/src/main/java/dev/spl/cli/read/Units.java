package dev.spl.cli.read;

import dev.spl.index.Unit;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which unit a file of a repository belongs to: the objects that would run together. A directory of
 * plain manifests is one unit, as {@code kubectl apply -f DIR} and Argo CD's directory source read
 * it (not recursively). Under the directories examples, docs and test data are kept in by
 * convention, each file is a unit of its own, the way their readers and tests load them. Kustomize
 * builds and chart releases are named by their readers ({@link Kustomizations}, Helm).
 */
public final class Units {
  /**
   * Directory names of test data, not documentation: inputs and outputs of a program's tests (a
   * merge function's fragments, a renderer's golden output), which are often no whole objects.
   */
  static final Set<String> TEST_DATA =
      Set.of(
          "testdata",
          "test-data",
          "fixtures",
          "fixture",
          "test",
          "tests",
          "e2e",
          "golden",
          "goldens",
          "testing");

  /** Directory names whose files are each read alone: examples, docs, tests and their data. */
  static final Set<String> ONE_FILE_EACH =
      Stream.concat(
              Stream.of(
                  "examples",
                  "example",
                  "samples",
                  "sample",
                  "docs",
                  "doc",
                  "documentation",
                  "site-src"),
              TEST_DATA.stream())
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  private Units() {}

  /**
   * True for a file in a test data directory (not examples or docs), below {@code root} or as the
   * root itself ({@code spl lint testdata/}).
   */
  static boolean isTestFixture(Path file, Path root) {
    return isUnder(file, root, TEST_DATA);
  }

  /**
   * The unit of {@code file}, found under {@code root} (the directory walked; null for a file named
   * alone). Only the path below the root, and the root's own name, are looked at: a repository
   * checked out under {@code /src/test/} is not test data.
   */
  public static Unit of(Path file, Path root) {
    if (root != null && isConventional(file, root)) {
      return alone(file);
    }
    Path dir = file.toAbsolutePath().normalize().getParent();
    String shown = dir == null ? "/" : DisplayPath.of(dir);
    return Unit.directory(shown.isEmpty() ? "." : shown);
  }

  /** The unit of {@code file} when nothing deploys it with other files: itself. */
  static Unit alone(Path file) {
    return Unit.file(DisplayPath.of(file));
  }

  /**
   * True for a file under examples, docs or test data below {@code root} (the directory walked), or
   * when the root itself is one: the directories above the root, and so how its path is spelt,
   * never count.
   */
  static boolean isExampleOrTestData(Path file, Path root) {
    return isConventional(file, root);
  }

  private static boolean isConventional(Path file, Path root) {
    return isUnder(file, root, ONE_FILE_EACH);
  }

  /**
   * True when {@code root}'s own name, or a directory between it and {@code file}, is one of {@code
   * names} (or made of one, {@link #isNamed}).
   */
  private static boolean isUnder(Path file, Path root, Set<String> names) {
    Path base = root.toAbsolutePath().normalize();
    Path abs = file.toAbsolutePath().normalize();
    if (!abs.startsWith(base)) {
      return false;
    }
    Path rootName = root.normalize().getFileName();
    if (rootName != null && isNamed(rootName.toString(), names)) {
      return true;
    }
    Path below = base.relativize(abs).getParent();
    if (below == null) {
      return false;
    }
    for (Path part : below) {
      if (isNamed(part.toString(), names)) {
        return true;
      }
    }
    return false;
  }

  /** {@code examples}, and names made of it: {@code invalid-examples}, {@code e2e_tests}. */
  static boolean isConventionalName(String dir) {
    return isNamed(dir, ONE_FILE_EACH);
  }

  private static boolean isNamed(String dir, Set<String> names) {
    String name = dir.toLowerCase(java.util.Locale.ROOT);
    if (names.contains(name)) {
      return true;
    }
    for (String word : name.split("[-_.]")) {
      if (names.contains(word)) {
        return true;
      }
    }
    return false;
  }
}
