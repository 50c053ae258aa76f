package dev.spl.cli;

import dev.spl.Engine;
import dev.spl.InputNotes;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.cli.read.Configs;
import dev.spl.config.VersionChooser;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.KindCatalogue;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code spl audit}: lints what a live cluster holds, every object of the kinds spl reads, with the
 * cross-resource rules over the whole cluster. Findings are located by {@code Kind namespace/name}
 * and field.
 */
@Command(
    name = "audit",
    description =
        "Lints what a live cluster holds: every Service, route, Backend, policy, Gateway and"
            + " GatewayClass, in all namespaces or one, connecting as kubectl does.",
    sortOptions = false)
public final class AuditCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin ReportOptions report = new ReportOptions();

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description = "The kubeconfig (default: $KUBECONFIG, else ~/.kube/config, else in-cluster).")
  Path kubeconfig;

  @Option(
      names = "--context",
      paramLabel = "NAME",
      description = "The kubeconfig context (default: its current context).")
  String context;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NS",
      description = "Only this namespace (cluster-scoped kinds are still read). Default: all.")
  String namespace;

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description =
          "v1.1 ... v1.6, latest, main or gep-1619-backend. Default: the bundle-version of the cluster's Gateway API"
              + " CRDs, else latest.")
  String gatewayApiVersion;

  @Override
  public Integer call() throws Exception {
    List<ReportOptions.Output> outputs = report.outputs();
    Configs configs = report.configs();
    dev.spl.config.SplConfig here = configs.forWorkingDirectory();
    dev.spl.config.FailOn threshold = report.threshold(here);
    PrintWriter err = spec.commandLine().getErr();
    boolean showProgress = !report.quiet && System.console() != null;
    List<String> inputErrors = new ArrayList<>();
    ClusterReader cluster;
    try {
      cluster = ClusterReader.connect(kubeconfig, context);
    } catch (java.io.IOException | RuntimeException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "cannot read the cluster's configuration: " + e.getMessage());
    }
    try (cluster) {
      try {
        cluster.checkReachable();
      } catch (java.io.IOException unreachable) {
        err.println("spl: " + unreachable.getMessage());
        return ExitStatus.INPUT.code();
      }
      List<GatewayApiCrd> installed = cluster.gatewayApiCrds();
      dev.spl.schema.CrdsInSight crds =
          installed.isEmpty() ? null : new dev.spl.schema.CrdsInSight(installed);
      InputNotes.VersionChoice version = version(installed, here);
      LintOptions options =
          report
              .options()
              .withVersion(version.version())
              .withIngressClasses(ingressClasses(cluster, inputErrors))
              .withControllerVersions(
                  configs.controllersOf(List.of()).orElse(cluster.controllerVersions()));
      // a cluster's objects have no folder: the working directory's .spl.yaml (or --config)
      // judges them all, inside the engine
      options = options.withJudgement(here.judgement(options.judgement()));
      Engine.RunMode mode = Engine.RunMode.DEFAULT.isolatingRuleFailures();
      if (outputs.stream().anyMatch(o -> o.format() == dev.spl.cli.format.OutputFormat.junit)) {
        mode = mode.listingResources();
      }
      Engine.LintRun run = new Engine().start(options, mode);
      int objects = 0;
      for (KindCatalogue.Kind kind : KindCatalogue.all()) {
        if (kind.role() == dev.spl.model.KindRole.INGRESS_CLASS) {
          continue; // read first: the rules are given their controllers
        }
        ClusterReader.Listing listing =
            cluster.list(
                kind,
                namespace,
                n -> {
                  if (showProgress) {
                    err.print("\rspl: reading " + kind.label() + ": " + n + " ...\u001b[K");
                    err.flush();
                  }
                });
        if (listing.problem() != null) {
          boolean missing = listing.problem().startsWith("not served");
          if (!missing) {
            inputErrors.add(kind.label() + ": " + listing.problem());
          } else if (report.verbose) {
            err.println("spl: " + kind.label() + ": " + listing.problem());
          }
          continue;
        }
        ManifestLoader loader = new ManifestLoader();
        for (Map<String, Object> object : listing.objects()) {
          LoadedInput one = loader.loadTree(location(kind, object), object);
          run.accept(one, version.version(), Set.of(), crds);
          objects++;
        }
      }
      if (showProgress) {
        err.print("\r\u001b[K");
        err.flush();
      }
      LintResult result = run.finish(0, objects);
      result =
          result.withInputs(
              new InputNotes(
                      List.of(
                          new InputNotes.VersionChoice(
                              version.version(), version.reason(), objects)),
                      List.of(),
                      Map.of(),
                      List.of())
                  .withControllers(options.controllerVersions().describe()));
      for (String error : inputErrors) {
        err.println("spl: " + error);
      }
      report.writeAll(outputs, result, threshold);
      if (RuleFailures.print(run.ruleFailures(), err)) {
        return ExitStatus.INTERNAL.code();
      }
      return ExitStatus.ofLint(!inputErrors.isEmpty(), ReportOptions.fails(result, threshold))
          .code();
    }
  }

  /** The flag, else what the cluster's CRDs say, else the newest release. */
  /**
   * The cluster's IngressClasses, read before any Ingress is linted: which controller serves a
   * class decides which Ingresses ingress-nginx's rules judge.
   */
  private static dev.spl.index.IngressClasses ingressClasses(
      ClusterReader cluster, List<String> inputErrors) {
    KindCatalogue.Kind kind =
        KindCatalogue.all().stream()
            .filter(k -> k.role() == dev.spl.model.KindRole.INGRESS_CLASS)
            .findFirst()
            .orElseThrow();
    ClusterReader.Listing listing = cluster.list(kind, null, n -> {});
    if (listing.problem() != null) {
      if (!listing.problem().startsWith("not served")) {
        inputErrors.add(kind.label() + ": " + listing.problem());
      }
      return dev.spl.index.IngressClasses.NONE;
    }
    ManifestLoader loader = new ManifestLoader();
    List<dev.spl.model.Resource> classes = new ArrayList<>();
    for (Map<String, Object> object : listing.objects()) {
      classes.addAll(loader.loadTree(location(kind, object), object).resources());
    }
    return dev.spl.index.IngressClasses.of(classes);
  }

  /** By {@link VersionChooser}'s order: the flag, the working directory's .spl.yaml, the CRDs. */
  private InputNotes.VersionChoice version(
      List<GatewayApiCrd> installed, dev.spl.config.SplConfig here) {
    VersionChooser.Named flag;
    try {
      flag =
          gatewayApiVersion == null
              ? null
              : new VersionChooser.Named(
                  GatewayApiVersion.parse(gatewayApiVersion), "--gateway-api-version");
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    VersionChooser.Choice c =
        VersionChooser.choose(
            flag,
            here.gatewayApiVersion() == null
                ? null
                : new VersionChooser.Named(here.gatewayApiVersion(), String.valueOf(here.file())),
            VersionChooser.ofCrd(
                GatewayApiCrd.deciding(installed).orElse(null), "the cluster's Gateway API CRDs"),
            "the cluster's Gateway API CRDs name none");
    return new InputNotes.VersionChoice(c.version(), c.reason(), 0);
  }

  /** How findings name a cluster's object: {@code HTTPRoute shop/cart}, {@code GatewayClass x}. */
  @SuppressWarnings("unchecked")
  static String location(KindCatalogue.Kind kind, Map<String, Object> object) {
    Map<String, Object> metadata =
        object.get("metadata") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    String name = String.valueOf(metadata.get("name"));
    Object ns = metadata.get("namespace");
    return kind.kind() + " " + (kind.namespaced() && ns != null ? ns + "/" : "") + name;
  }
}
