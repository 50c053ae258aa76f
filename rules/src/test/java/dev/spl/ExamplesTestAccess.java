package dev.spl;

import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.file.Path;

/** ExamplesTest's reading of the examples and their versions, for tests in other packages. */
public final class ExamplesTestAccess {
  private ExamplesTestAccess() {}

  public static java.util.List<Path> manifestFiles() throws IOException {
    return ExamplesTest.manifestFiles();
  }

  public static GatewayApiVersion versionOf(Path example) throws IOException {
    return ExamplesTest.versionOf(example);
  }
}
