package dev.spl.cli;

import dev.spl.apiserver.VapPolicies;
import dev.spl.catalogue.RuleSelection;
import dev.spl.cli.build.BuildInfo;
import dev.spl.config.SplConfig;
import dev.spl.model.Suggestions;
import dev.spl.schema.GatewayApiVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code spl policy vap}: the rules the API server can enforce alone, as ValidatingAdmissionPolicy
 * manifests (Kubernetes 1.30+).
 */
@Command(
    name = "policy",
    description =
        "Prints ValidatingAdmissionPolicies and their bindings for the rules the API server can check"
            + " by itself (spl rules shows which): spl policy vap | kubectl apply -f -",
    sortOptions = false)
public final class PolicyCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "KIND", description = "vap (the only kind so far).")
  String kind;

  @Option(
      names = "--gateway-api-version",
      paramLabel = "VERSION",
      description = "The version the cluster's CRDs are (default: the config's, else latest).")
  String gatewayApiVersion;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "A .spl.yaml: rules off are left out, rule levels decide Deny or Warn, suppressions and"
              + " admission.allowAnnotationSuppressions become match conditions, skip.namespaces"
              + " the bindings' namespaceSelector.")
  Path config;

  @Option(
      names = {"--enable", "--rules"},
      split = ",",
      paramLabel = "RULE",
      description = "Only these rules (ids or names).")
  List<String> enable = new ArrayList<>();

  @Option(names = "--disable", split = ",", paramLabel = "RULE", description = "Not these rules.")
  List<String> disable = new ArrayList<>();

  @Option(names = "--audit", description = "Bind with Audit as well (audit log annotations).")
  boolean audit;

  @Override
  public Integer call() {
    if (!kind.equals("vap")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "unknown policy kind '"
              + kind
              + "'"
              + Suggestions.didYouMean(kind, List.of("vap"))
              + "; expected vap");
    }
    if (config != null && !Files.isRegularFile(config)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), config + ": no such configuration file");
    }
    SplConfig cfg;
    try {
      cfg = config == null ? SplConfig.none() : SplConfig.load(config);
    } catch (SplConfig.Invalid e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }

    GatewayApiVersion version;
    RuleSelection rules;
    try {
      version =
          dev.spl.config.VersionChooser.choose(
                  gatewayApiVersion == null
                      ? null
                      : new dev.spl.config.VersionChooser.Named(
                          GatewayApiVersion.parse(gatewayApiVersion), "--gateway-api-version"),
                  cfg.gatewayApiVersion() == null
                      ? null
                      : new dev.spl.config.VersionChooser.Named(
                          cfg.gatewayApiVersion(), String.valueOf(cfg.file())),
                  null,
                  "no .spl.yaml names one")
              .version();
      rules = RuleSelection.of(enable, disable, Map.of());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    List<VapPolicies.Policy> policies = VapPolicies.build(version, cfg, rules);
    spec.commandLine()
        .getOut()
        .print(
            VapPolicies.yaml(
                policies,
                version,
                BuildInfo.version(),
                audit,
                List.copyOf(new java.util.TreeSet<>(cfg.skip().namespaces()))));
    return ExitStatus.OK.code();
  }
}
