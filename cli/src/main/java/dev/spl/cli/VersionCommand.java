package dev.spl.cli;

import dev.spl.cli.build.BuildInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code spl version}: what {@link BuildInfo} says, and the runtime and versions it knows. */
@Command(
    name = "version",
    description = "Prints spl's version and the Gateway API versions it knows.")
public final class VersionCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    java.io.PrintWriter out = spec.commandLine().getOut();
    out.println("spl " + BuildInfo.version());
    out.println(
        "commit:       "
            + BuildInfo.commit()
            + (BuildInfo.dirty() ? " (with uncommitted changes)" : ""));
    out.println("built:        " + BuildInfo.commitTime() + " (from the commit's date)");
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
    out.println(
        "              Gateway API CRDs in the input (or the cluster) decide where they are: a newer"
            + " release by its schema's shape, and their own schema and CEL rules"
            + " (docs/versions.md)");
  }

  /** For {@code spl --version} and every subcommand's {@code --version}. */
  public static final class Provider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"spl " + BuildInfo.version()};
    }
  }
}
