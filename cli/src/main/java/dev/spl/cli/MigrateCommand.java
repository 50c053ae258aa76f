package dev.spl.cli;

import dev.spl.cli.format.MigrationReportFormat;
import dev.spl.cli.read.Configs;
import dev.spl.cli.read.RepositoryWalk;
import dev.spl.migrate.IngressNginxMigration;
import dev.spl.migrate.MigrationTarget;
import dev.spl.migrate.TargetInference;
import dev.spl.model.Finding;
import dev.spl.model.Suggestions;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code spl migrate ingress-nginx}: Ingress cookie affinity to Gateway API sessionPersistence. The
 * manifests go to stdout, the report of every annotation to stderr.
 */
@Command(
    name = "migrate",
    description = {
      "Carries ingress-nginx sticky sessions (affinity: cookie and its session-cookie-*"
          + " annotations) to Gateway API sessionPersistence, or with --to to what that"
          + " implementation honours (Istio, Traefik, AWS and GKE: their own objects). Manifests go"
          + " to stdout, a report of every annotation (mapped, approximated, or not carried and"
          + " what changes) to stderr.",
      "With --routes, adds sessionPersistence to the rules of those HTTPRoutes (for example"
          + " ingress2gateway's) whose hostnames, paths and backends match an Ingress path with"
          + " affinity, keeping their comments and key order; without, writes minimal HTTPRoutes."
    },
    // its own statuses, not lint's that the spl command gives every subcommand
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:everything carried",
      "1:the report lists something not carried (or carried approximately)",
      "2:usage error",
      "3:an input cannot be read",
      "4:internal error"
    },
    sortOptions = false)
public final class MigrateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FROM",
      description = "ingress-nginx (the only source so far).")
  String from;

  @Parameters(
      index = "1..*",
      arity = "1..*",
      paramLabel = "INGRESS_PATH",
      description = "Files or directories with the Ingresses (- reads stdin).")
  List<String> ingressPaths = new ArrayList<>();

  @Option(
      names = "--routes",
      arity = "1..*",
      paramLabel = "ROUTE_PATH",
      description = "HTTPRoutes to add sessionPersistence to (files or directories).")
  List<String> routePaths = new ArrayList<>();

  @Option(
      names = "--in-place",
      description =
          "With --routes: write sessionPersistence into the route files themselves, changing"
              + " nothing else in them (as lint --fix does), instead of printing them.")
  boolean inPlace;

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description =
          "The shape to write: v1.1 to v1.6 (sessionName, cookieConfig) or main (cookie.name,"
              + " cookie.path; gep-1619-backend writes main's shape too). Default: latest (v1.6).")
  String gatewayApiVersion;

  @Option(
      names = "--gateway",
      paramLabel = "NAME",
      description =
          "Without --routes: the Gateway the written HTTPRoutes attach to (default: the Ingress"
              + " class, as ingress2gateway names its Gateways).")
  String gateway;

  @Option(
      names = "--to",
      paramLabel = "IMPLEMENTATION",
      description =
          "The implementation the routes will run on, which decides where affinity goes:"
              + " gateway-api (route sessionPersistence), envoy-gateway, kgateway,"
              + " cilium, nginx-gateway-fabric (route sessionPersistence, with what each"
              + " honours), istio (a DestinationRule hashing on the cookie), traefik (a sticky"
              + " TraefikService the route names), aws (a TargetGroupConfiguration with pod"
              + " targets and lb_cookie stickiness), gke (a GCPBackendPolicy with the load"
              + " balancer's cookie), traefik-ingress-nginx (the Ingresses kept for Traefik's"
              + " ingress-nginx provider, with the annotations that keep ingress-nginx's cookie), f5-nginx"
              + " (the Ingresses kept for F5 NGINX Ingress Controller, with"
              + " nginx.org/sticky-cookie-services), haproxy-ingress (the Ingresses kept for HAProxy"
              + " Ingress, with haproxy-ingress.github.io/ affinity), haproxy (the Ingresses kept for"
              + " HAProxy's own controller, haproxytech, with haproxy.org/cookie-persistence on each"
              + " backend Service), agentgateway (routes without"
              + " persistence: it cannot pin clients; every setting reported as not carried)."
              + " Default: the implementation of the Gateways in the input"
              + " (their GatewayClass) or of an IngressClass in it (F5's, HAProxy Ingress's,"
              + " haproxytech's), else"
              + " gateway-api.")
  String to;

  @Option(
      names = "--format",
      paramLabel = "FORMAT[=FILE]",
      description =
          "The report's form: text (default), markdown (a table per Ingress, for the pull request"
              + " that makes the migration) or json; to standard error, or to FILE.")
  String format = "text";

  @Override
  public Integer call() {
    if (!from.equals("ingress-nginx")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "cannot migrate from '"
              + from
              + "'"
              + Suggestions.didYouMean(from, List.of("ingress-nginx"))
              + "; spl migrates from ingress-nginx");
    }
    MigrationTarget chosen =
        to == null
            ? null
            : MigrationTarget.byId(to)
                .orElseThrow(
                    () ->
                        new CommandLine.ParameterException(
                            spec.commandLine(),
                            "cannot migrate to '"
                                + to
                                + "'"
                                + Suggestions.didYouMean(to, MigrationTarget.ids())
                                + " (spl migrates to "
                                + String.join(", ", MigrationTarget.ids())
                                + ")"));
    GatewayApiVersion version;
    try {
      // The routes are written for the version lint would check them against (VersionChooser).
      dev.spl.config.SplConfig here = new Configs(null).forWorkingDirectory();
      version =
          dev.spl.config.VersionChooser.choose(
                  gatewayApiVersion == null
                      ? null
                      : new dev.spl.config.VersionChooser.Named(
                          GatewayApiVersion.parse(gatewayApiVersion), "--gateway-api-version"),
                  here.gatewayApiVersion() == null
                      ? null
                      : new dev.spl.config.VersionChooser.Named(
                          here.gatewayApiVersion(), String.valueOf(here.file())),
                  null,
                  "no .spl.yaml names one")
              .version();
    } catch (IllegalArgumentException | dev.spl.config.SplConfig.Invalid e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (inPlace && (routePaths.isEmpty() || routePaths.contains("-"))) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--in-place edits the files given with --routes: name them (not -)");
    }
    PrintWriter err = spec.commandLine().getErr();
    MigrationReportFormat reportFormat = reportFormat();
    PrintWriter report = reportTarget(err);
    try {
      return migrate(chosen, version, err, reportFormat, report);
    } finally {
      if (report != err) {
        report.close();
      }
    }
  }

  private int migrate(
      MigrationTarget chosen,
      GatewayApiVersion version,
      PrintWriter err,
      MigrationReportFormat reportFormat,
      PrintWriter report) {
    List<IngressNginxMigration.Source> ingresses = new ArrayList<>();
    List<IngressNginxMigration.Source> routes = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    // directories are listed as spl lint lists them: hidden files, git's ignores and .spl.yaml
    // excludes left out, a chart's templates left to its rendering
    RepositoryWalk walk = new RepositoryWalk(false);
    Configs configs = new Configs(null);
    read(ingressPaths, ingresses, unreadable, walk, configs, err);
    read(routePaths, routes, unreadable, walk, configs, err);
    if (!unreadable.isEmpty()) {
      unreadable.forEach(err::println);
      return ExitStatus.INPUT.code();
    }
    MigrationTarget target = chosen;
    if (target == null) {
      List<IngressNginxMigration.Source> all = new ArrayList<>(ingresses);
      all.addAll(routes);
      TargetInference.Inference inferred = TargetInference.infer(all, gateway);
      if (inferred.ambiguous()) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "the input's Gateways are served by different implementations ("
                + String.join("; ", inferred.conflicting())
                + "): name the one the routes will run on with --to"
                + (gateway == null ? ", or the Gateway with --gateway" : ""));
      }
      target = inferred.target();
      if (inferred.because() != null) {
        err.println(
            "spl migrate: writing for "
                + target.product()
                + " because "
                + inferred.because()
                + " (--to "
                + MigrationTarget.GATEWAY_API.id()
                + " writes route sessionPersistence instead)");
      }
    }
    IngressNginxMigration.Result result =
        IngressNginxMigration.run(ingresses, routes, version, gateway, target);
    if (!result.introducedErrors().isEmpty()) {
      err.println(
          "spl migrate: the manifests it wrote fail spl lint; this is a bug in spl, please report"
              + " it with the input. Nothing was written.");
      for (Finding f : result.introducedErrors()) {
        err.println("  " + f.ruleId() + " " + f.field() + ": " + f.message());
      }
      return ExitStatus.INTERNAL.code();
    }
    if (inPlace) {
      Integer failed = writeInPlace(target, routes, result, err);
      if (failed != null) {
        return failed;
      }
    } else {
      spec.commandLine().getOut().print(result.yaml());
      spec.commandLine().getOut().flush();
    }
    MigrationReportFormat.Migration migration =
        new MigrationReportFormat.Migration(
            from,
            target.id(),
            target.product(),
            written(target, version, routes, result),
            result.report(),
            result.inputProblems());
    reportFormat.write(migration, report);
    if (report != err) {
      result.inputProblems().forEach(err::println);
      err.println(
          "spl migrate: report written to "
              + format.substring(format.indexOf('=') + 1)
              + " ("
              + result.report().tally()
              + ")");
    }
    err.flush();
    if (!result.inputProblems().isEmpty()) {
      return ExitStatus.INPUT.code(); // what could not be read may have held more to carry
    }
    return result.report().incomplete() ? ExitStatus.FINDINGS.code() : ExitStatus.OK.code();
  }

  /**
   * Writes each changed route file back, as lint --fix does; null when done, else the exit status
   * after saying why nothing was written.
   */
  private static Integer writeInPlace(
      MigrationTarget target,
      List<IngressNginxMigration.Source> routes,
      IngressNginxMigration.Result result,
      PrintWriter err) {
    if (result.routeTexts().isEmpty()) {
      String why =
          switch (target.carrier()) {
            case ROUTE ->
                "a rule to change is written in flow style ({...}), which spl does not edit as"
                    + " text; print the routes instead (without --in-place)";
            case TRAEFIK_SERVICE ->
                "the traefik migration writes TraefikServices beside the routes; print them"
                    + " instead (without --in-place)";
            default -> target.product() + " does not read sessionPersistence from the routes";
          };
      err.println("spl migrate: --in-place: " + why + ". Nothing was written.");
      return ExitStatus.USAGE.code();
    }
    int changed = 0;
    for (int i = 0; i < routes.size(); i++) {
      String text = result.routeTexts().get(i);
      if (text.equals(routes.get(i).text())) {
        continue;
      }
      try {
        Files.writeString(Path.of(routes.get(i).name()), text, StandardCharsets.UTF_8);
        changed++;
      } catch (IOException e) {
        err.println("spl migrate: cannot write " + routes.get(i).name() + ": " + e);
        return ExitStatus.INPUT.code();
      }
    }
    err.println(
        "spl migrate: "
            + changed
            + (changed == 1 ? " route file" : " route files")
            + " changed in place");
    return null;
  }

  /** What was written, in a line: the Ingresses kept, or the Gateway API routes written. */
  static String written(
      MigrationTarget target,
      GatewayApiVersion version,
      List<IngressNginxMigration.Source> routes,
      IngressNginxMigration.Result result) {
    if (target.carrier() == MigrationTarget.Carrier.INGRESS) {
      return "Ingresses kept for "
          + target.product()
          + ", "
          + result.routesTouched()
          + (result.routesTouched() == 1 ? " annotation" : " annotations")
          + " written";
    }
    return "Gateway API "
        + version.label()
        + (target == MigrationTarget.GATEWAY_API ? "" : ", for " + target.product())
        + (routes.isEmpty()
            ? ", HTTPRoutes written"
            : ", " + result.routesTouched() + " given HTTPRoutes changed");
  }

  /** The --format value's form, checked before anything is read. */
  private MigrationReportFormat reportFormat() {
    String name = format.contains("=") ? format.substring(0, format.indexOf('=')) : format;
    try {
      return MigrationReportFormat.valueOf(name);
    } catch (IllegalArgumentException e) {
      List<String> names =
          java.util.Arrays.stream(MigrationReportFormat.values()).map(Enum::name).toList();
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "unknown report format '"
              + name
              + "'"
              + Suggestions.didYouMean(name, names)
              + " (one of "
              + String.join(", ", names)
              + ")");
    }
  }

  /**
   * Where the report goes: --format's FILE, opened before anything is read so that a path that
   * cannot be written is a usage error before any manifest is printed; else {@code err}.
   */
  private PrintWriter reportTarget(PrintWriter err) {
    if (!format.contains("=")) {
      return err;
    }
    Path file = Path.of(format.substring(format.indexOf('=') + 1));
    try {
      return new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--format " + format + ": cannot write it: " + ReportOptions.whyNot(e));
    }
  }

  private void read(
      List<String> paths,
      List<IngressNginxMigration.Source> out,
      List<String> unreadable,
      RepositoryWalk walk,
      Configs configs,
      PrintWriter err) {
    for (String p : paths) {
      if (p.equals("-")) {
        try (InputStream in = System.in) {
          out.add(
              new IngressNginxMigration.Source(
                  "<stdin>", new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
          unreadable.add("<stdin>: cannot read: " + e.getMessage());
        }
        continue;
      }
      Path path = Path.of(p);
      List<Path> files = new ArrayList<>();
      if (Files.isDirectory(path)) {
        List<Path> charts = new ArrayList<>();
        try {
          files.addAll(walk.of(path).outsideCharts(configs::excludes, charts));
        } catch (IOException | RuntimeException e) {
          unreadable.add(p + ": cannot read: " + e.getMessage());
          continue;
        }
        for (Path chart : charts) {
          err.println(
              "spl migrate: "
                  + chart
                  + " is a Helm chart: its templates are not manifests, so its Ingresses are not"
                  + " read; migrate what it renders: helm template "
                  + chart
                  + " | spl migrate ingress-nginx -");
        }
        if (files.isEmpty() && charts.isEmpty()) {
          unreadable.add(p + ": no .yaml, .yml or .json file in it");
        }
      } else {
        files.add(path);
      }
      for (Path f : files) {
        try {
          out.add(
              new IngressNginxMigration.Source(
                  p.equals(f.toString()) ? p : f.toString(),
                  Files.readString(f, StandardCharsets.UTF_8)));
        } catch (IOException e) {
          unreadable.add(
              f + ": cannot read: " + (Files.exists(f) ? e.getMessage() : "no such file"));
        }
      }
    }
  }
}
