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
    Properties p = properties();
    String commit = known(p.getProperty("commit"));
    String commitTime = known(p.getProperty("commitTime"));
    java.io.PrintWriter out = spec.commandLine().getOut();
    out.println("spl " + version());
    out.println(
        "commit:       "
            + commit
            + ("true".equals(p.getProperty("dirty")) ? " (with uncommitted changes)" : ""));
    // The commit's date, not the clock's: the same sources build the same jar.
    out.println("built:        " + commitTime + " (from the commit's date)");
    out.println(
        "java:         "
            + System.getProperty("java.runtime.version")
            + " ("
            + System.getProperty("java.vendor")
            + ", "
            + System.getProperty("java.home")
            + ")");
    out.println(
        "Gateway API:  "
            + dev.spl.schema.GatewayApiVersion.allLabels()
            + " (default latest = "
            + dev.spl.schema.GatewayApiVersion.NEWEST_RELEASE.label()
            + ")");
  }

  /** A filtered property Maven could not fill (a build outside git) is "unknown". */
  private static String known(String value) {
    return value == null || value.isEmpty() || value.startsWith("${") ? "unknown" : value;
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
