package dev.spl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code spl version}. */
@Command(
    name = "version",
    description = "Prints spl's version and the Gateway API versions it knows.")
public final class VersionCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().getOut().println("spl " + version());
    spec.commandLine()
        .getOut()
        .println(
            "Gateway API versions: "
                + dev.spl.schema.GatewayApiVersion.allLabels()
                + " (default latest)");
  }

  static String version() {
    try (InputStream in = VersionCommand.class.getResourceAsStream("/spl-version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** For {@code spl --version}. */
  public static final class Provider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"spl " + version()};
    }
  }
}
