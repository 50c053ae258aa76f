package dev.spl;

import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.file.Path;

/** ExamplesTest's reading of an example's version, for tests in other packages. */
public final class ExamplesTestAccess {
  private ExamplesTestAccess() {}

  public static GatewayApiVersion versionOf(Path example) throws IOException {
    return ExamplesTest.versionOf(example);
  }
}
