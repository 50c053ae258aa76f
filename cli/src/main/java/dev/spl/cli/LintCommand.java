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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
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
      description = "text, json, sarif, github or junit (default: ${DEFAULT-VALUE}).")
  OutputFormat format = OutputFormat.text;

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description =
          "v1.1.0, v1.1 ... v1.6 or latest (default: latest, or gatewayApiVersion in .spl.yaml).")
  String gatewayApiVersion;

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      description =
          "Exit 1 on findings at or above: error, warning, info or never (default: error, or failOn in .spl.yaml).")
  FailOn failOn;

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

  @Option(
      names = "--context",
      paramLabel = "DIR",
      description =
          "Also load every manifest under DIR for the cross-resource rules, but report only findings"
              + " in the PATHs given or related to them (for pre-commit).")
  Path context;

  @Option(
      names = "--ignore-non-manifests",
      description =
          "Skip YAML that is not a Kubernetes object at all (no apiVersion and no kind), and paths"
              + " without manifests, instead of reporting them (for pre-commit on a whole repository).")
  boolean ignoreNonManifests;

  @Option(names = "--quiet", description = "Print only the findings: no summary, no progress.")
  boolean quiet;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "Configuration file (default: .spl.yaml in the working directory or a parent).")
  Path config;

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
    SplConfig cfg = config();
    LintOptions options = options(cfg);
    // Stream: each file is linted as it is read; only what the cross-resource rules need is kept.
    Engine.LintRun run = new Engine().start(options);
    if (format == OutputFormat.junit) {
      run.listingResources(); // a test case per resource, passed or failed
    }
    Progress progress =
        new Progress(
            spec.commandLine().getErr(),
            format.isForPeople() && !quiet && System.console() != null);
    ManifestLoader loader = ignoreNonManifests ? ManifestLoader.lenient() : new ManifestLoader();
    Consumer<LoadedInput> sink =
        part -> {
          run.accept(part);
          progress.fileDone(part);
        };
    LoadedInput input = loader.load(paths, () -> System.in, cfg::excludes, sink);
    ReportScope scope = ReportScope.of(paths, context);
    if (context != null) {
      // The context is the rest of the repository: whatever is not a manifest there is no concern.
      LoadedInput more =
          ManifestLoader.lenient()
              .load(
                  List.of(context.toString()),
                  () -> System.in,
                  f -> cfg.excludes(f) || scope.isTarget(f.toString()),
                  sink);
      input =
          new LoadedInput(
              List.of(),
              List.of(),
              concat(input.inputErrors(), more.inputErrors()),
              input.files() + more.files(),
              input.documents() + more.documents());
    }
    progress.done();
    LintResult result = scope.filter(run.finish(input.files(), input.documents()));
    FailOn threshold =
        failOn != null
            ? failOn
            : cfg.failOn() != null ? FailOn.valueOf(cfg.failOn()) : FailOn.error;
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    for (String error : input.inputErrors()) {
      err.println("spl: " + error);
    }
    Severity failSeverity = threshold == FailOn.never ? null : Severity.parse(threshold.name());
    FindingFormatter formatter = format.formatter(useColor(), quiet, failSeverity);
    formatter.write(result, out);
    out.flush();
    return ExitStatus.ofLint(!input.inputErrors().isEmpty(), threshold.isReachedBy(result)).code();
  }

  private SplConfig config() {
    Path file = config != null ? config : SplConfig.discover(Path.of(""));
    if (config != null && !Files.isRegularFile(config)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), config + ": no such configuration file");
    }
    try {
      return file == null ? SplConfig.none() : SplConfig.load(file);
    } catch (SplConfig.Invalid e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private LintOptions options(SplConfig cfg) {
    try {
      GatewayApiVersion version =
          gatewayApiVersion != null
              ? GatewayApiVersion.parse(gatewayApiVersion)
              : cfg.gatewayApiVersion() != null
                  ? cfg.gatewayApiVersion()
                  : GatewayApiVersion.MAIN;
      return new LintOptions(version, RuleSelection.of(enable, disable, cfg.ruleSeverities()));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private boolean useColor() {
    return !noColor && System.getenv("NO_COLOR") == null && System.console() != null;
  }
}
