package dev.spl.cli;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.cli.format.OutputFormat;
import dev.spl.cli.read.ChartRendering;
import dev.spl.cli.read.Configs;
import dev.spl.cli.read.HelmCharts;
import dev.spl.cli.read.HelmSetValues;
import dev.spl.cli.read.InputScan;
import dev.spl.cli.read.KustomizeTool;
import dev.spl.cli.read.RepositoryReader;
import dev.spl.cli.read.RepositoryWalk;
import dev.spl.config.SplConfig;
import dev.spl.load.ManifestLoader;
import dev.spl.schema.GatewayApiVersion;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code spl lint PATH...}: load, lint, print, and exit with the status of docs/contracts.md. */
@Command(
    name = "lint",
    description =
        "Lints manifests: files, directories (*.yaml, *.yml, *.json, recursively; Helm charts"
            + " rendered, kustomize overlays as separate builds) or - for stdin (the default when"
            + " stdin is not a terminal).",
    sortOptions = false)
public final class LintCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin ReportOptions report = new ReportOptions();

  @Parameters(
      arity = "0..*",
      paramLabel = "PATH",
      description = "Files, directories, or - for standard input.")
  List<String> paths = new ArrayList<>();

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description =
          "v1.1 ... v1.6, latest (the newest release, v1.6), main (upstream's unreleased branch)"
              + " or gep-1619-backend (main plus the proposed Backend attachment, PR #4876)."
              + " Default, per file: gatewayApiVersion in the nearest .spl.yaml, else the Gateway"
              + " API CRDs in the input, else latest.")
  String gatewayApiVersion;

  @Option(
      names = "--context",
      paramLabel = "DIR",
      description =
          "Also load every manifest under DIR for the cross-resource rules, but report only findings"
              + " in the PATHs given or related to them (for pre-commit).")
  Path context;

  @Option(
      names = "--include-ignored",
      description =
          "In a git work tree, also walk what git ignores (.gitignore, .git/info/exclude): a"
              + " build's target/, node_modules/. A file named on the command line is always read.")
  boolean includeIgnored;

  @Option(
      names = "--ignore-non-manifests",
      description =
          "Skip YAML that is not a Kubernetes object at all (no apiVersion and no kind), and paths"
              + " without manifests, instead of reporting them (for pre-commit on a whole repository).")
  boolean ignoreNonManifests;

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
      names = "--kube-version",
      paramLabel = "VERSION",
      description =
          "The Kubernetes version Helm charts are rendered for (their kubeVersion and"
              + " .Capabilities), as helm template --kube-version. Default: "
              + HelmCharts.DEFAULT_KUBE_VERSION
              + ".")
  String kubeVersion = HelmCharts.DEFAULT_KUBE_VERSION;

  @Option(
      names = "--offline",
      negatable = true,
      description =
          "Fetch nothing: Helm charts' dependencies are taken from the tree and Helm's cache only"
              + " (SPL004 names what is missing), and kustomize builds with remote resources are"
              + " read by spl itself (SPL006). Default: the .spl.yaml's offline, else online;"
              + " --no-offline fetches whatever it says.")
  Boolean offline;

  @Option(
      names = "--kustomize",
      paramLabel = "auto|none|COMMAND",
      description =
          "How kustomizations are built: auto (kustomize, else kubectl kustomize, from the PATH),"
              + " none (spl reads their files itself: names and namespaces, no patches; SPL006"
              + " says what that leaves out), or the path of a kustomize or kubectl. Default: auto.")
  String kustomize = KustomizeTool.AUTO;

  @Option(
      names = "--fix",
      description =
          "Apply the fixes spl is sure of ([fixable] in the text output) to the files, keeping"
              + " everything else as written; then report what remains. Files rendered from a Helm"
              + " chart are not rewritten.")
  boolean fix;

  @Option(
      names = "--diff",
      description =
          "Print the fixes --fix would make as a unified diff on standard output and change"
              + " nothing; exit 1 when there is one.")
  boolean diff;

  @Override
  public Integer call() {
    List<ReportOptions.Output> outputs = report.outputs();
    boolean toTerminal =
        outputs.stream().anyMatch(o -> o.file() == null && o.format().isForPeople());
    if (paths.isEmpty()) {
      if (System.console() != null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "give a PATH to lint, or pipe manifests to standard input");
      }
      paths = List.of("-");
    }
    if (fix && diff) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--fix and --diff go separately: --diff only shows what --fix does");
    }
    if (fix && paths.contains("-")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--fix rewrites files, not standard input: use --diff to see the fixes");
    }
    if (context != null && !Files.isDirectory(context)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--context " + context + ": no such directory");
    }
    if (!kubeVersion.matches("v?\\d+\\.\\d+(\\.\\d+)?")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--kube-version takes a version such as v1.35.0, not '" + kubeVersion + "'");
    }
    try {
      HelmSetValues.parse(helmSets); // read as helm --set reads it: KEY=VALUE[,KEY=VALUE]
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    try {
      return lint(outputs, toTerminal);
    } catch (SplConfig.Invalid e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private int lint(List<ReportOptions.Output> outputs, boolean toTerminal)
      throws SplConfig.Invalid {
    Configs configs = report.configs();
    dev.spl.config.FailOn threshold = report.threshold(configs.forWorkingDirectory());
    // Stream: each file is linted as it is read; only what the cross-resource rules need is kept.
    List<Path> inputs = new java.util.ArrayList<>();
    paths.stream().filter(p -> !p.equals("-")).map(Path::of).forEach(inputs::add);
    if (context != null) {
      inputs.add(context);
    }
    RepositoryWalk walk = new RepositoryWalk(includeIgnored);
    InputScan.Found scan = InputScan.of(inputs, walk, configs::excludes);
    LintOptions options =
        report
            .options()
            .withPerFile(configs.perFile())
            .withIngressClasses(scan.ingressClasses())
            .withControllerVersions(
                configs.controllersOf(inputs).orElse(scan.controllerVersions()));
    boolean fetchNothing = offline != null ? offline : configs.offlineOf(inputs).orElse(false);
    Engine.RunMode mode = Engine.RunMode.DEFAULT.isolatingRuleFailures();
    if (outputs.stream().anyMatch(o -> o.format() == OutputFormat.junit)) {
      mode = mode.listingResources(); // a test case per resource, passed or failed
    }
    Engine.LintRun run = new Engine().start(options, mode);
    PrintWriter err = spec.commandLine().getErr();
    Progress progress = new Progress(err, toTerminal && !report.quiet && System.console() != null);
    RepositoryReader reader =
        new RepositoryReader(
                run,
                configs,
                version(),
                ignoreNonManifests,
                walk,
                new ChartRendering.HelmOptions(helmValues, helmSets, kubeVersion, fetchNothing),
                progress::fileDone,
                message -> err.println("spl: " + message))
            .withKustomize(KustomizeTool.of(kustomize), fetchNothing);
    ReportScope scope = ReportScope.of(paths, context);
    if (context != null) {
      // The rest of the repository, for the cross-resource rules only; read first, so that the
      // Gateway API CRDs it vendors set the version of the PATHs too.
      reader.readContext(context, f -> scope.isTarget(f.toString()));
    }
    reader.read(paths, () -> System.in, f -> false);
    progress.done();
    LintResult result = scope.filter(run.finish(reader.files(), reader.documents()));
    configs.throwIfInvalid();
    result =
        result
            .withFindings(reader.inTemplates(result.findings()))
            .withInputs(reader.notes().withControllers(options.controllerVersions().describe()));
    for (String error : reader.inputErrors()) {
      err.println("spl: " + error);
    }
    Fixes fixes = new Fixes(reader.stdinText(), reader::versionNamed);
    result = fixes.withEdits(result);
    if (fix || diff) {
      Engine relinter = new Engine(); // one for every relint of this run
      List<Fixes.FilePlan> plans =
          fixes.plan(result, (file, text) -> relint(relinter, options, reader, file, text));
      FixSummary summary = FixSummary.of(plans, Fixes.inRenderedFiles(result));
      if (diff) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(Fixes.diff(plans));
        out.flush();
        summary.print(err, true);
        report.writeAll(outputs.stream().filter(o -> o.file() != null).toList(), result, threshold);
        return ExitStatus.ofDiff(!reader.inputErrors().isEmpty(), summary.fixed() > 0).code();
      }
      try {
        Fixes.write(plans);
      } catch (java.io.IOException e) {
        err.println("spl: cannot write a fixed file: " + e.getMessage());
        return ExitStatus.INPUT.code();
      }
      summary.print(err, false);
      result = summary.remaining(result);
    }
    if (reader.files() == 0 && !reader.inputErrors().isEmpty()) {
      // nothing could be read at all: the errors above say why, and a summary of 0 files would
      // only bury them (reports to files are still written, for CI to pick up)
      outputs = outputs.stream().filter(o -> o.file() != null).toList();
    }
    report.writeAll(outputs, result, threshold);
    if (RuleFailures.print(run.ruleFailures(), err)) {
      return ExitStatus.INTERNAL.code();
    }
    return ExitStatus.ofLint(
            !reader.inputErrors().isEmpty(), ReportOptions.fails(result, threshold))
        .code();
  }

  /** {@code text} as the content of {@code file}, linted alone as the file was. */
  private static List<dev.spl.model.Finding> relint(
      Engine engine, LintOptions options, RepositoryReader reader, String file, String text) {
    GatewayApiVersion version = reader.versionOf(file);
    LintOptions forFile = version == null ? options : options.withVersion(version);
    return engine.lint(new ManifestLoader().loadText(file, text), forFile).findings();
  }

  /** True when {@code file}'s .spl.yaml excludes it; a config that cannot be read excludes none. */
  private GatewayApiVersion version() {
    try {
      return gatewayApiVersion == null ? null : GatewayApiVersion.parse(gatewayApiVersion);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
