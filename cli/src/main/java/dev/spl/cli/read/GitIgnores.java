package dev.spl.cli.read;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.ignore.IgnoreNode;

/**
 * What git ignores in a work tree, as {@code git status} judges it: each directory's {@code
 * .gitignore} (the nearest decides, a {@code !} pattern re-includes), then {@code
 * .git/info/exclude}; a file under an ignored directory stays ignored. Patterns are matched by
 * JGit's own matcher. A walk outside any work tree ignores nothing: without git there is nothing to
 * honour.
 */
public final class GitIgnores {
  static final GitIgnores NONE = new GitIgnores(null, null);

  private final Path root; // the work tree, absolute; null: not in one
  private final IgnoreNode infoExclude;
  private final Map<Path, Optional<IgnoreNode>> byDirectory = new HashMap<>();

  private GitIgnores(Path root, IgnoreNode infoExclude) {
    this.root = root;
    this.infoExclude = infoExclude;
  }

  /**
   * The ignores of the work tree {@code dir} is in; {@link #NONE} outside any, or when {@code dir}
   * is itself ignored (named on the command line, it is read whatever git thinks of it).
   */
  static GitIgnores around(Path dir) {
    Path start = dir.toAbsolutePath().normalize();
    for (Path d = start; d != null; d = d.getParent()) {
      Path git = d.resolve(".git");
      if (Files.exists(git)) {
        GitIgnores ignores =
            new GitIgnores(d, read(git.resolve("info").resolve("exclude")).orElse(null));
        for (Path a = start; a != null && !a.equals(d); a = a.getParent()) {
          if (ignores.ignores(a, true)) {
            return NONE;
          }
        }
        return ignores;
      }
    }
    return NONE;
  }

  /** True inside a git work tree: {@code --verbose} says the walk honours its ignores. */
  boolean inWorkTree() {
    return root != null;
  }

  /** The work tree's root, or null. */
  Path root() {
    return root;
  }

  /** True when git ignores {@code path} itself (a directory when {@code directory}). */
  boolean ignores(Path path, boolean directory) {
    if (root == null) {
      return false;
    }
    Path abs = path.toAbsolutePath().normalize();
    if (!abs.startsWith(root) || abs.equals(root)) {
      return false;
    }
    for (Path dir = abs.getParent(); dir != null && dir.startsWith(root); dir = dir.getParent()) {
      Optional<IgnoreNode> node = node(dir);
      if (node.isPresent()) {
        Boolean ignored =
            node.get().checkIgnored(dir.relativize(abs).toString().replace('\\', '/'), directory);
        if (ignored != null) {
          return ignored;
        }
      }
    }
    if (infoExclude != null) {
      Boolean ignored =
          infoExclude.checkIgnored(root.relativize(abs).toString().replace('\\', '/'), directory);
      return Boolean.TRUE.equals(ignored);
    }
    return false;
  }

  private Optional<IgnoreNode> node(Path dir) {
    return byDirectory.computeIfAbsent(dir, d -> read(d.resolve(".gitignore")));
  }

  private static Optional<IgnoreNode> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    IgnoreNode node = new IgnoreNode();
    try (InputStream in = Files.newInputStream(file)) {
      node.parse(file.toString(), in);
      return Optional.of(node);
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // an unreadable .gitignore ignores nothing, as git's does
    }
  }
}
