package dev.spl.cli;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.cli.format.FindingFormatter;
import dev.spl.cli.format.OutputFormat;
import dev.spl.model.Severity;
import dev.spl.model.Suggestions;
import dev.spl.rules.RuleSelection;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
    mixinStandardHelpOptions = true,
    versionProvider = VersionCommand.Provider.class,
    description =
        "Lints manifests: files, directories (*.yaml, *.yml, *.json, recursively; Helm charts"
            + " rendered, kustomize overlays as separate builds) or - for stdin (the default when"
            + " stdin is not a terminal).",
    sortOptions = false)
public final class LintCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "PATH",
      description = "Files, directories, or - for standard input.")
  List<String> paths = new ArrayList<>();

  @Option(
      names = "--format",
      paramLabel = "FORMAT[=FILE]",
      description =
          "text, json, sarif, github, junit or markdown (a summary for a CI job's page; default:"
              + " text); repeat for several, with =FILE to write one to a file: --format github"
              + " --format sarif=spl.sarif.")
  List<String> formats = new ArrayList<>();

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description =
          "v1.1 ... v1.6, latest (the newest release, v1.6) or main (the unreleased branch)."
              + " Default, per file: gatewayApiVersion in the nearest .spl.yaml, else the Gateway"
              + " API CRDs in the input, else latest.")
  String gatewayApiVersion;

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      description =
          "Exit 1 on findings at or above: error, warning (warn), info or never (default: error,"
              + " or failOn in .spl.yaml).",
      converter = FailOnConverter.class)
  FailOn failOn;

  /** Reads --fail-on, naming the values on a mistake. */
  static final class FailOnConverter implements CommandLine.ITypeConverter<FailOn> {
    @Override
    public FailOn convert(String value) {
      try {
        return FailOn.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "'"
                + value
                + "' is not a level"
                + Suggestions.didYouMean(value, List.of("error", "warning", "info", "never"))
                + "; expected error, warning, info or never");
      }
    }
  }

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
      names = "--verbose",
      description = "Also list the files skipped as no manifests, and the versions used.")
  boolean verbose;

  @Option(
      names = "--helm-values",
      paramLabel = "FILE",
      description = "A values file for every Helm chart rendered (repeatable).")
  List<Path> helmValues = new ArrayList<>();

  @Option(
      names = "--helm-set",
      paramLabel = "KEY=VALUE",
      description = "A value for every Helm chart rendered, as helm --set (repeatable).")
  List<String> helmSets = new ArrayList<>();

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Configuration file for every input (default: per file, the nearest .spl.yaml in its"
              + " directory or a parent).")
  Path config;

  @Option(names = "--no-color", description = "Never colour the text output (also: NO_COLOR).")
  boolean noColor;

  /** The --fail-on levels ({@code warn} is read as warning). */
  enum FailOn {
    error,
    warning,
    info,
    never;

    boolean isReachedBy(LintResult result) {
      return this != never && result.hasAtLeast(Severity.parse(name()));
    }

    static FailOn parse(String text) {
      return text.equals("warn") ? warning : valueOf(text);
    }
  }

  /** One --format: where it goes (null: stdout). */
  private record Output(OutputFormat format, Path file) {}

  @Override
  public Integer call() {
    List<Output> outputs = outputs();
    boolean toTerminal =
        outputs.stream().anyMatch(o -> o.file() == null && o.format().isForPeople());
    if (paths.isEmpty()) {
      if (System.console() != null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "give a PATH to lint, or pipe manifests to standard input");
      }
      paths = List.of("-");
    }
    if (context != null && !Files.isDirectory(context)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--context " + context + ": no such directory");
    }
    for (String set : helmSets) {
      if (set.indexOf('=') <= 0) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--helm-set takes KEY=VALUE, not '" + set + "'");
      }
    }
    try {
      return lint(outputs, toTerminal);
    } catch (SplConfig.Invalid e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private int lint(List<Output> outputs, boolean toTerminal) throws SplConfig.Invalid {
    Configs configs = configs();
    SplConfig here = configs.forWorkingDirectory();
    FailOn threshold =
        failOn != null
            ? failOn
            : here.failOn() != null ? FailOn.parse(here.failOn()) : FailOn.error;
    // Stream: each file is linted as it is read; only what the cross-resource rules need is kept.
    Engine.LintRun run = new Engine().start(options());
    if (outputs.stream().anyMatch(o -> o.format() == OutputFormat.junit)) {
      run.listingResources(); // a test case per resource, passed or failed
    }
    PrintWriter err = spec.commandLine().getErr();
    Progress progress = new Progress(err, toTerminal && !quiet && System.console() != null);
    RepositoryReader reader =
        new RepositoryReader(
            run,
            configs,
            version(),
            ignoreNonManifests,
            new RepositoryReader.HelmOptions(helmValues, helmSets),
            progress::fileDone,
            message -> err.println("spl: " + message));
    ReportScope scope = ReportScope.of(paths, context);
    if (context != null) {
      // The rest of the repository, for the cross-resource rules only; read first, so that the
      // Gateway API CRDs it vendors set the version of the PATHs too.
      reader.read(List.of(context.toString()), () -> System.in, f -> scope.isTarget(f.toString()));
    }
    reader.read(paths, () -> System.in, f -> false);
    progress.done();
    LintResult result = scope.filter(run.finish(reader.files(), reader.documents()));
    result = result.withFindings(configs.apply(result.findings())).withInputs(reader.notes());
    for (String error : reader.inputErrors()) {
      err.println("spl: " + error);
    }
    Severity failSeverity = threshold == FailOn.never ? null : Severity.parse(threshold.name());
    for (Output o : outputs) {
      write(o, result, failSeverity);
    }
    return ExitStatus.ofLint(!reader.inputErrors().isEmpty(), threshold.isReachedBy(result)).code();
  }

  private void write(Output o, LintResult result, Severity failSeverity) {
    FindingFormatter formatter =
        o.format().formatter(o.file() == null && useColor(), quiet, failSeverity, verbose);
    if (o.file() == null) {
      PrintWriter out = spec.commandLine().getOut();
      formatter.write(result, out);
      out.flush();
      return;
    }
    try (PrintWriter file =
        new PrintWriter(Files.newBufferedWriter(o.file(), StandardCharsets.UTF_8))) {
      formatter.write(result, file);
    } catch (IOException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--format " + o.format() + "=" + o.file() + ": " + e.getMessage());
    }
  }

  private List<Output> outputs() {
    List<Output> outputs = new ArrayList<>();
    for (String f : formats.isEmpty() ? List.of("text") : formats) {
      int eq = f.indexOf('=');
      String name = eq < 0 ? f : f.substring(0, eq);
      OutputFormat format;
      try {
        format = OutputFormat.valueOf(name);
      } catch (IllegalArgumentException e) {
        List<String> known = Arrays.stream(OutputFormat.values()).map(Enum::name).toList();
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "unknown --format '"
                + name
                + "'"
                + Suggestions.didYouMean(name, known)
                + "; expected one of "
                + String.join(", ", known));
      }
      outputs.add(new Output(format, eq < 0 ? null : Path.of(f.substring(eq + 1))));
    }
    if (outputs.stream().filter(o -> o.file() == null).count() > 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "only one --format can go to standard output; give the others a file: --format sarif=spl.sarif");
    }
    return outputs;
  }

  private Configs configs() throws SplConfig.Invalid {
    if (config == null) {
      return new Configs(null);
    }
    if (!Files.isRegularFile(config)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), config + ": no such configuration file");
    }
    return new Configs(SplConfig.load(config));
  }

  private GatewayApiVersion version() {
    try {
      return gatewayApiVersion == null ? null : GatewayApiVersion.parse(gatewayApiVersion);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private LintOptions options() {
    try {
      return new LintOptions(
          GatewayApiVersion.NEWEST_RELEASE, RuleSelection.of(enable, disable, Map.of()));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private boolean useColor() {
    return !noColor && System.getenv("NO_COLOR") == null && System.console() != null;
  }
}
