package dev.spl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code spl version}. */
@Command(
    name = "version",
    mixinStandardHelpOptions = true,
    versionProvider = dev.spl.cli.VersionCommand.Provider.class,
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

  /** Where spl's documentation lives (SARIF informationUri and rule help links). */
  public static String homepage() {
    return properties().getProperty("homepage", "https://github.com/spl-dev/spl");
  }

  public static String version() {
    return properties().getProperty("version", "unknown");
  }

  private static Properties properties() {
    Properties p = new Properties();
    try (InputStream in = VersionCommand.class.getResourceAsStream("/spl-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // no properties: the defaults above
    }
    return p;
  }

  /** For {@code spl --version}. */
  public static final class Provider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"spl " + version()};
    }
  }
}
