package dev.spl.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code spl} command: the entry point of the CLI. Its standard help and version options and
 * its exit-status list are inherited by every subcommand (scope INHERIT): said once, here.
 */
@Command(
    name = "spl",
    scope = CommandLine.ScopeType.INHERIT,
    mixinStandardHelpOptions = true,
    versionProvider = VersionCommand.Provider.class,
    description =
        "Lints sticky sessions in Kubernetes manifests and clusters: Gateway API session"
            + " persistence (GEP-1619), Service ClientIP affinity, and controllers' own (ingress-nginx,"
            + " Istio, Envoy Gateway, kgateway, NGINX Gateway Fabric, Traefik, HAProxy, Contour, AWS"
            + " and GKE load balancers).",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:done; for lint and audit, nothing at or above --fail-on",
      "1:lint and audit: findings at or above --fail-on",
      "2:usage error",
      "3:an input path cannot be read or holds no manifest",
      "4:internal error"
    })
public final class Spl implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "a command is required: lint, audit, rules, explain, probe, migrate, lsp or version");
  }

  public static void main(String[] args) {
    int status;
    try {
      status = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
    } catch (OutOfMemoryError e) {
      // No stack trace for a user's input that is too large for the heap: say what to do.
      System.err.println(
          "spl: out of memory; give the JVM more, e.g. JAVA_TOOL_OPTIONS=-Xmx2g, or lint fewer files at once");
      status = ExitStatus.INTERNAL.code();
    }
    System.exit(status);
  }

  /** The subcommands, by name, made only when used. */
  private static final Map<String, Supplier<Object>> COMMANDS = new LinkedHashMap<>();

  static {
    COMMANDS.put("lint", LintCommand::new);
    COMMANDS.put("audit", AuditCommand::new);
    COMMANDS.put("rules", RulesCommand::new);
    COMMANDS.put("policy", PolicyCommand::new);
    COMMANDS.put("migrate", MigrateCommand::new);
    COMMANDS.put("explain", ExplainCommand::new);
    COMMANDS.put("version", VersionCommand::new);
    COMMANDS.put("probe", dev.spl.cli.probe.ProbeCommand::new);
    COMMANDS.put("lsp", LspCommand::new);
    COMMANDS.put("help", CommandLine.HelpCommand::new);
  }

  /** Runs spl with the given streams and returns the exit status; used by main and by tests. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new Spl());
    // picocli reads every option of every subcommand it is given, which is a good part of
    // startup: `spl lint ...` needs only lint's. Anything else (help, a typo) gets them all.
    Supplier<Object> only = args.length > 0 ? COMMANDS.get(args[0]) : null;
    if (only != null && !args[0].equals("help")) {
      cl.addSubcommand(args[0], only.get());
    } else {
      COMMANDS.forEach((name, command) -> cl.addSubcommand(name, command.get()));
    }
    cl.setOut(out);
    cl.setErr(err);
    cl.setExitCodeExceptionMapper(t -> ExitStatus.INTERNAL.code());
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          err.println("spl: " + ex.getMessage());
          if (ex instanceof CommandLine.UnmatchedArgumentException u
              && !u.getSuggestions().isEmpty()) {
            err.println("Did you mean: " + String.join(" or ", u.getSuggestions()) + "?");
          }
          err.println(
              "Try '"
                  + ex.getCommandLine().getCommandSpec().qualifiedName()
                  + " --help' for usage.");
          return ExitStatus.USAGE.code();
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          err.println("spl: internal error: " + ex);
          if (System.getenv("SPL_DEBUG") != null) {
            ex.printStackTrace(err);
          } else {
            err.println("Set SPL_DEBUG=1 for a stack trace, and please report it.");
          }
          return ExitStatus.INTERNAL.code();
        });
    int status = cl.execute(args);
    out.flush();
    err.flush();
    return status;
  }
}
