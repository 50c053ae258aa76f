package dev.spl.cli.format;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** Turns the file names findings carry into URIs relative to the working directory (SARIF). */
final class ArtifactUris {
  private ArtifactUris() {}

  static String of(String file) {
    if (file.equals(dev.spl.load.ManifestLoader.STDIN_NAME)) {
      return "stdin";
    }
    Path path = Path.of(file).normalize();
    Path cwd = Path.of("").toAbsolutePath();
    if (path.isAbsolute()) {
      if (!path.startsWith(cwd)) {
        return path.toUri().toString();
      }
      path = cwd.relativize(path);
    }
    String slashed = path.toString().replace('\\', '/');
    try {
      return new URI(null, null, slashed, null).toASCIIString();
    } catch (URISyntaxException e) {
      return slashed;
    }
  }
}
