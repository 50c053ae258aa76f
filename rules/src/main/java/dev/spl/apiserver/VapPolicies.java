package dev.spl.apiserver;

import dev.spl.Judgement;
import dev.spl.apiserver.policies.ApiServerPolicies;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.catalogue.RuleSelection;
import dev.spl.config.SplConfig;
import dev.spl.model.AttachmentPoint;
import dev.spl.model.KindCatalogue;
import dev.spl.model.Severity;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleInfo;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * ValidatingAdmissionPolicies (admissionregistration.k8s.io/v1, Kubernetes 1.30+) for the rules the
 * API server can check alone: one policy and one binding per rule, for a Gateway API version and a
 * configuration. Errors bind with Deny, warnings and infos with Warn.
 */
public final class VapPolicies {
  /** Where session persistence sits, per attachment point: the kinds and the path to it. */
  record Location(
      AttachmentPoint attachment, List<PolicyCheck.Kind> kinds, String list, String site) {}

  /** Every attachment point with the catalogued kinds that carry it, in every version. */
  static final List<Location> LOCATIONS =
      Arrays.stream(AttachmentPoint.values())
          .map(
              a ->
                  new Location(
                      a,
                      KindCatalogue.attachedAt(a).stream()
                          .map(PolicyCheck.Kind::anyVersionOf)
                          .toList(),
                      a.list() == null ? null : a.list().toString(),
                      a.field().toString()))
          .toList();

  /** One validation as the API server runs it, with the kinds it is for. */
  public record Validation(
      String ruleId, List<PolicyCheck.Kind> kinds, String expression, String messageExpression) {}

  /**
   * One rule's policy: what it matches, the conditions, the variables its validations read, its
   * validations, how it binds.
   */
  public record Policy(
      RuleInfo rule,
      Severity severity,
      List<PolicyCheck.Kind> kinds,
      List<String> matchConditions,
      List<PolicyCheck.Variable> variables,
      List<Validation> validations,
      String partly) {}

  private VapPolicies() {}

  /** A map that keeps the order written: the output must be the same at every run. */
  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  /** The rules that fit an API server policy for {@code version}, with their checks. */
  public static List<Policy> build(
      GatewayApiVersion version, SplConfig config, RuleSelection rules) {
    // judged as the webhook judges: the admin's levels, and what annotations may hide
    Judgement judgement =
        config.judgement(Judgement.of(rules, config.admission().annotationSuppressions()));
    List<Policy> out = new ArrayList<>();
    for (Rule rule : BuiltInRules.all()) {
      var policy = ApiServerPolicies.of(rule);
      Severity severity = judgement.severity(rule.info());
      if (policy.isEmpty() || severity == null) {
        continue; // no policy, or off
      }
      var check = policy.get().policyCheck(version);
      if (check.isEmpty()) {
        continue;
      }
      out.add(
          policy(
              rule.info(),
              severity,
              judgement.annotationMayHide(rule.info()),
              check.get(),
              version,
              config));
    }
    return out;
  }

  /**
   * The ids of the rules these policies enforce whole, which a webhook running beside them can
   * skip; a rule covered in part (its cross-resource half) stays with the webhook.
   */
  public static List<String> enforcedWhole(List<Policy> policies) {
    return policies.stream().filter(p -> p.partly() == null).map(p -> p.rule().id()).toList();
  }

  private static Policy policy(
      RuleInfo info,
      Severity severity,
      boolean annotationMayHide,
      PolicyCheck check,
      GatewayApiVersion version,
      SplConfig config) {
    List<PolicyCheck.Kind> kinds = new ArrayList<>();
    List<Validation> validations = new ArrayList<>();
    String prefix = "'" + info.id() + " ' + ";
    if (check.onSites()) {
      for (Location at : LOCATIONS) {
        if (!check.attachments().contains(at.attachment())
            || (at.attachment() == AttachmentPoint.BACKEND && !version.hasBackendAttachment())) {
          continue; // before main the API server prunes a Backend's sessionPersistence
        }
        Location here = at;
        if (!check.kinds().isEmpty()) {
          // a site check limited to some kinds (SPL140: GRPCRoutes only)
          List<PolicyCheck.Kind> only =
              at.kinds().stream()
                  .filter(k -> check.kinds().stream().anyMatch(c -> c.kind().equals(k.kind())))
                  .toList();
          if (only.isEmpty()) {
            continue;
          }
          here = new Location(at.attachment(), only, at.list(), at.site());
        }
        kinds.addAll(here.kinds());
        validations.add(siteValidation(info, check, here, version, prefix));
      }
    } else {
      kinds.addAll(check.kinds());
      validations.add(
          new Validation(
              info.id(),
              check.kinds(),
              "!(" + isKind(check.kinds()) + ") || (" + check.passes() + ")",
              prefix + check.field() + " + ': ' + (" + check.message() + ")"));
    }
    List<String> conditions = new ArrayList<>();
    if (annotationMayHide) {
      String id = "ignore.spl.dev/" + info.id();
      String name = "ignore.spl.dev/" + info.name();
      conditions.add(
          "!has(object.metadata.annotations) || (size(object.metadata.annotations) <= "
              + CelText.MAX_SCANNED_ANNOTATIONS
              + " ? !object.metadata.annotations.exists(k, k.lowerAscii() == '"
              + id.toLowerCase(Locale.ROOT)
              + "' || k.lowerAscii() == '"
              + name
              + "') : !('"
              + id
              + "' in object.metadata.annotations || '"
              + id.toLowerCase(Locale.ROOT)
              + "' in object.metadata.annotations || '"
              + name
              + "' in object.metadata.annotations))");
    }
    for (SplConfig.ResourceSuppression s : config.suppressions()) {
      if (s.ruleIds().isEmpty() || s.ruleIds().contains(info.id())) {
        conditions.add(
            "!(request.kind.kind.matches('"
                + glob(s.kind())
                + "') && request.namespace.matches('"
                + glob(s.namespace())
                + "') && request.name.matches('"
                + glob(s.name())
                + "'))");
      }
    }
    return new Policy(
        info,
        severity,
        List.copyOf(kinds),
        conditions,
        check.variables(),
        validations,
        check.partly());
  }

  private static Validation siteValidation(
      RuleInfo info, PolicyCheck check, Location at, GatewayApiVersion version, String prefix) {
    String applies = "(" + foreign(version) + ") || (" + check.passes() + ")";
    String field = check.field().isEmpty() ? "" : "." + check.field();
    String expression;
    String message;
    if (at.list() != null) {
      String list = "object." + at.list();
      String site = "r." + at.site();
      String sitePasses = applies.replace(PolicyCheck.SITE, site);
      expression =
          guards(at.list()) + " || " + list + ".all(r, !has(" + site + ") || (" + sitePasses + "))";
      String failing =
          list + ".filter(r, has(" + site + ") && !(" + sitePasses + "))[0]." + at.site();
      message =
          prefix
              + "'"
              + at.list()
              + "[]."
              + at.site()
              + field
              + ": ' + "
              + "("
              + check.message().replace(PolicyCheck.SITE, failing)
              + ")";
    } else {
      String site = "object." + at.site();
      expression = guards(at.site()) + " || (" + applies.replace(PolicyCheck.SITE, site) + ")";
      message =
          prefix
              + "'"
              + at.site()
              + field
              + ": ' + "
              + "("
              + check.message().replace(PolicyCheck.SITE, site)
              + ")";
    }
    return new Validation(
        info.id(), at.kinds(), "!(" + isKind(at.kinds()) + ") || " + expression, message);
  }

  /** {@code !has(object.a) || !has(object.a.b) || ...} down to {@code path}. */
  private static String guards(String path) {
    List<String> out = new ArrayList<>();
    String at = "object";
    for (String part : path.split("\\.")) {
      at = at + "." + part;
      out.add("!has(" + at + ")");
    }
    return String.join(" || ", out);
  }

  /** An object of another version's shape: spl lint reports it once (SPL026), nothing else. */
  private static String foreign(GatewayApiVersion version) {
    String sp = PolicyCheck.SITE;
    String oldShape =
        "has("
            + sp
            + ".sessionName) || has("
            + sp
            + ".cookieConfig) || has("
            + sp
            + ".idleTimeout)";
    String mainShape = "has(" + sp + ".cookie) || has(" + sp + ".header)";
    return !version.usesSessionNameShape()
        ? "(" + oldShape + ") && !(" + mainShape + ")"
        : "(" + mainShape + ") && !(" + oldShape + ")";
  }

  private static String isKind(List<PolicyCheck.Kind> kinds) {
    List<String> tests = new ArrayList<>();
    for (PolicyCheck.Kind k : kinds) {
      tests.add(
          "(object.kind == '"
              + k.kind()
              + "' && "
              + (k.group().isEmpty()
                  ? "!object.apiVersion.contains('/')"
                  : "object.apiVersion.startsWith('" + k.group() + "/')")
              + ")");
    }
    return String.join(" || ", tests);
  }

  private static String glob(String glob) {
    StringBuilder re = new StringBuilder("^");
    for (char c : glob.toCharArray()) {
      switch (c) {
        case '*' -> re.append(".*");
        case '?' -> re.append('.');
        default -> {
          if ("\\.[]{}()+^$|".indexOf(c) >= 0) {
            re.append("\\\\");
          }
          re.append(c == '\'' ? "\\'" : String.valueOf(c));
        }
      }
    }
    return re.append('$').toString();
  }

  /** The policies and bindings as one YAML stream, in rule order, headed by who made them. */
  public static String yaml(
      List<Policy> policies,
      GatewayApiVersion version,
      String splVersion,
      boolean audit,
      List<String> exemptNamespaces) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setWidth(100);
    options.setSplitLines(false);
    Yaml yaml = new Yaml(options);
    StringBuilder out =
        new StringBuilder(
            "# ValidatingAdmissionPolicies generated by spl "
                + splVersion
                + " for Gateway API "
                + version.label()
                + " (Kubernetes 1.30+). Regenerate with `spl policy vap`; do not edit.\n");
    for (Policy p : policies) {
      out.append("---\n").append(yaml.dump(policyObject(p, version)));
      out.append("---\n").append(yaml.dump(bindingObject(p, audit, exemptNamespaces)));
    }
    return out.toString();
  }

  static String name(RuleInfo rule) {
    return rule.id().toLowerCase(Locale.ROOT) + "-" + rule.name();
  }

  private static Map<String, Object> policyObject(Policy p, GatewayApiVersion version) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("apiVersion", "admissionregistration.k8s.io/v1");
    o.put("kind", "ValidatingAdmissionPolicy");
    o.put(
        "metadata",
        ordered(
            "name", name(p.rule()),
            "labels", ordered("app.kubernetes.io/managed-by", "spl", "spl.dev/rule", p.rule().id()),
            "annotations", ordered("spl.dev/gateway-api-version", version.label())));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("failurePolicy", "Fail");
    List<Map<String, Object>> resourceRules = new ArrayList<>();
    Map<String, TreeSet<String>> byGroup = new LinkedHashMap<>();
    for (PolicyCheck.Kind k : p.kinds()) {
      byGroup.computeIfAbsent(k.group(), g -> new TreeSet<>()).add(k.resource());
    }
    byGroup.forEach(
        (group, resources) -> {
          Map<String, Object> r = new LinkedHashMap<>();
          r.put("apiGroups", List.of(group));
          r.put("apiVersions", List.of("*"));
          r.put("operations", List.of("CREATE", "UPDATE"));
          r.put("resources", List.copyOf(resources));
          resourceRules.add(r);
        });
    spec.put("matchConstraints", ordered("resourceRules", resourceRules));
    if (!p.matchConditions().isEmpty()) {
      List<Map<String, Object>> conditions = new ArrayList<>();
      for (int i = 0; i < p.matchConditions().size(); i++) {
        conditions.add(
            ordered(
                "name",
                i == 0 && p.matchConditions().get(0).contains("ignore.spl.dev")
                    ? "not-suppressed-by-annotation"
                    : "not-suppressed-by-config-" + i,
                "expression",
                p.matchConditions().get(i)));
      }
      spec.put("matchConditions", conditions);
    }
    if (!p.variables().isEmpty()) {
      List<Map<String, Object>> variables = new ArrayList<>();
      for (PolicyCheck.Variable v : p.variables()) {
        variables.add(ordered("name", v.name(), "expression", v.expression()));
      }
      spec.put("variables", variables);
    }
    List<Map<String, Object>> validations = new ArrayList<>();
    for (Validation v : p.validations()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("expression", v.expression());
      m.put("messageExpression", v.messageExpression());
      m.put("reason", "Invalid");
      validations.add(m);
    }
    spec.put("validations", validations);
    o.put("spec", spec);
    return o;
  }

  private static Map<String, Object> bindingObject(
      Policy p, boolean audit, List<String> exemptNamespaces) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("apiVersion", "admissionregistration.k8s.io/v1");
    o.put("kind", "ValidatingAdmissionPolicyBinding");
    o.put(
        "metadata",
        ordered(
            "name",
            name(p.rule()),
            "labels",
            ordered("app.kubernetes.io/managed-by", "spl", "spl.dev/rule", p.rule().id())));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("policyName", name(p.rule()));
    List<String> actions = new ArrayList<>();
    actions.add(p.severity() == Severity.ERROR ? "Deny" : "Warn");
    if (audit) {
      actions.add("Audit");
    }
    spec.put("validationActions", actions);
    if (!exemptNamespaces.isEmpty()) {
      spec.put(
          "matchResources",
          ordered(
              "namespaceSelector",
              ordered(
                  "matchExpressions",
                  List.of(
                      ordered(
                          "key",
                          "kubernetes.io/metadata.name",
                          "operator",
                          "NotIn",
                          "values",
                          List.copyOf(exemptNamespaces))))));
    }
    o.put("spec", spec);
    return o;
  }
}
