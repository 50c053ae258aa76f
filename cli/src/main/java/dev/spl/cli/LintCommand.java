package dev.spl.cli;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.cli.format.FindingFormatter;
import dev.spl.cli.format.OutputFormat;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Severity;
import dev.spl.rules.RuleSelection;
import dev.spl.schema.GatewayApiVersion;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code spl lint PATH...}: load, lint, print, and exit with the status of design.md. */
@Command(
    name = "lint",
    description =
        "Lints manifests: files, directories (*.yaml, *.yml, *.json, recursively) or - for stdin.",
    sortOptions = false)
public final class LintCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "Files, directories, or - for standard input.")
  List<String> paths = new ArrayList<>();

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description = "text or json (default: ${DEFAULT-VALUE}).")
  OutputFormat format = OutputFormat.text;

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description = "v1.1.0, v1.1 ... v1.6 or latest (default: ${DEFAULT-VALUE}).")
  String gatewayApiVersion = "latest";

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      description =
          "Exit 1 on findings at or above: error, warning, info or never (default: ${DEFAULT-VALUE}).")
  FailOn failOn = FailOn.error;

  @Option(
      names = "--enable",
      split = ",",
      paramLabel = "RULE",
      description = "Run only these rules (ids or names).")
  List<String> enable = new ArrayList<>();

  @Option(
      names = "--disable",
      split = ",",
      paramLabel = "RULE",
      description = "Do not run these rules (ids or names).")
  List<String> disable = new ArrayList<>();

  @Option(names = "--no-color", description = "Never colour the text output (also: NO_COLOR).")
  boolean noColor;

  /** The --fail-on levels. */
  enum FailOn {
    error,
    warning,
    info,
    never;

    boolean isReachedBy(LintResult result) {
      return this != never && result.hasAtLeast(Severity.parse(name()));
    }
  }

  @Override
  public Integer call() {
    LintOptions options = options();
    LoadedInput input = new ManifestLoader().load(paths, () -> System.in);
    LintResult result = new Engine().lint(input, options);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    for (String error : input.inputErrors()) {
      err.println("spl: " + error);
    }
    FindingFormatter formatter = format.formatter(useColor());
    formatter.write(result, out);
    out.flush();
    return ExitStatus.ofLint(!input.inputErrors().isEmpty(), failOn.isReachedBy(result)).code();
  }

  private LintOptions options() {
    try {
      return new LintOptions(
          GatewayApiVersion.parse(gatewayApiVersion), RuleSelection.of(enable, disable, Map.of()));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private boolean useColor() {
    return !noColor && System.getenv("NO_COLOR") == null && System.console() != null;
  }
}
