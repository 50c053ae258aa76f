package dev.spl.cli.read;

import java.nio.file.Path;

/** A path as the user would write it, for every message and finding that names a file. */
public final class DisplayPath {
  private DisplayPath() {}

  /** {@code p} relative to the working directory when near it, else absolute. */
  public static String of(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = p.toAbsolutePath().normalize();
    Path relative = cwd.relativize(abs);
    // ../examples reads well; ../../tmp/x does not.
    return relative.startsWith("../..") ? abs.toString() : relative.toString();
  }

  /**
   * A file a walk reads, as its findings name it: relative paths as walked, an absolute one (a base
   * outside the walk) as {@link #of} shows it.
   */
  static String ofWalked(Path f) {
    return f.isAbsolute() ? of(f) : f.normalize().toString();
  }
}
