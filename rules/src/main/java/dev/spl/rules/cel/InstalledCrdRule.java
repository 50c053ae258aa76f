package dev.spl.rules.cel;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindCatalogue;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.CelPrograms;
import dev.spl.schema.DurationRules;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayDuration;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * SPL032: a rule of the installed Gateway API CRD on sessionPersistence that spl's own rules do not
 * hold: a CEL rule other than SPL010-SPL014's, or a schema constraint (length, pattern, required
 * field) its table lacks - a release newer than spl, or a vendor's fork. The CRD in sight is
 * evaluated as the API server would, so such a bundle is validated exactly.
 */
@RuleDefinition(
    id = "SPL032",
    name = "installed-crd-rule",
    severity = Severity.ERROR,
    summary =
        "A rule of the installed Gateway API CRD on sessionPersistence (CEL or schema) that spl's"
            + " own rules lack fails.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class InstalledCrdRule implements SessionPersistenceRule, ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.union(
        KindCatalogue.all().stream()
            .filter(k -> k.attachment() != null)
            .map(k -> Inputs.of(k, Inputs.WHOLE_SPEC))
            .toList());
  }

  public static final MessageTemplate RULE =
      MessageTemplate.of("{message} (the installed CRD's rule)");
  public static final MessageTemplate SCHEMA =
      MessageTemplate.of("{constraint} (the installed CRD's schema)");
  public static final MessageTemplate UNEVALUABLE =
      MessageTemplate.of(
          "the API server cannot evaluate the installed CRD's rule \"{message}\" ({reason}) and"
              + " rejects it");

  /** The rules whose expressions spl holds itself: the CRD's copies are theirs to report. */
  static final List<CrdValidationRule> SPLS_OWN =
      List.of(
          new PermanentNeedsAbsoluteTimeout(),
          new CookieNeedsCookieType(),
          new CookieTypeNeedsCookie(),
          new HeaderNeedsHeaderType(),
          new HeaderTypeNeedsHeader());

  private static final Set<String> KNOWN =
      java.util.stream.Stream.concat(
              SPLS_OWN.stream().flatMap(r -> r.checks().stream()).map(c -> c.expression()),
              DurationRules.HELD.stream())
          .map(GatewayApiCrd::normalize)
          .collect(Collectors.toUnmodifiableSet());

  /**
   * The installed CRD's rules on durations that spl does not hold (SPL021 holds upstream's),
   * evaluated on each value at their place, with the CRD's own message.
   */
  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    Optional<GatewayApiCrd.Durations> crd = context.crdOf(resource).map(GatewayApiCrd::durations);
    if (crd.isEmpty() || resource.spec() == null) {
      return;
    }
    for (Map.Entry<String, List<GatewayApiCrd.CelRule>> at : crd.get().rules().entrySet()) {
      if (at.getKey().endsWith("sessionPersistence") || !at.getKey().startsWith("spec.")) {
        continue; // the persistence object's rules are judged on its site
      }
      List<GatewayApiCrd.CelRule> foreign =
          at.getValue().stream().filter(r -> !KNOWN.contains(r.normalized())).toList();
      if (foreign.isEmpty()) {
        continue;
      }
      List<String> keys = List.of(at.getKey().substring("spec.".length()).split("\\."));
      for (Map.Entry<FieldPath, Node> value :
          nodesAt(resource.spec(), FieldPath.of("spec"), keys).entrySet()) {
        Object self = value.getValue().toPlain();
        if (!passesDurationPatterns(crd.get(), at.getKey(), self)) {
          continue; // SPL021 reports the value; the API server runs no rule on it
        }
        for (GatewayApiCrd.CelRule rule : foreign) {
          report(rule, self, resource, value.getKey(), reporter);
        }
      }
    }
  }

  private void report(
      GatewayApiCrd.CelRule rule, Object self, Resource resource, FieldPath at, Reporter reporter) {
    CelPrograms.Outcome outcome = CelPrograms.evaluate(rule.rule(), self);
    if (outcome instanceof CelPrograms.Failed) {
      reporter.report(info(), resource, at, RULE.format("message", rule.message()));
    } else if (outcome instanceof CelPrograms.EvaluationError error) {
      reporter.report(
          info(),
          resource,
          at,
          UNEVALUABLE.format("message", rule.message(), "reason", error.reason()));
    }
  }

  /** True unless {@code self}, or a field of it, is a duration field whose value is no duration. */
  private static boolean passesDurationPatterns(
      GatewayApiCrd.Durations crd, String schemaPath, Object self) {
    if (self instanceof String text) {
      return !crd.isGepDuration(schemaPath) || GatewayDuration.isValid(text);
    }
    if (self instanceof Map<?, ?> fields) {
      for (Map.Entry<?, ?> f : fields.entrySet()) {
        if (f.getValue() instanceof String text
            && crd.isGepDuration(schemaPath + "." + f.getKey())
            && !GatewayDuration.isValid(text)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The values below {@code node} at {@code keys}, lists crossed item by item, by where. */
  static Map<FieldPath, Node> nodesAt(Node node, FieldPath path, List<String> keys) {
    Map<FieldPath, Node> out = new java.util.LinkedHashMap<>();
    collect(node, path, keys, 0, out);
    return out;
  }

  private static void collect(
      Node node, FieldPath path, List<String> keys, int next, Map<FieldPath, Node> out) {
    if (node instanceof ListNode list) {
      for (int i = 0; i < list.size(); i++) {
        collect(list.get(i), path.index(i), keys, next, out);
      }
    } else if (next == keys.size()) {
      if (node != null && !(node instanceof ScalarNode s && s.isNull())) {
        out.put(path, node);
      }
    } else if (node instanceof MapNode map && map.get(keys.get(next)) != null) {
      collect(map.get(keys.get(next)), path.key(keys.get(next)), keys, next + 1, out);
    }
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    // The constraints of an installed CRD's schema that spl's table does not hold. (Without the
    // context there is no installed CRD and so no such violation.)
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.CRD_CONSTRAINT
          || v.kind() == SchemaViolation.Kind.CRD_PATTERN) {
        reporter.report(
            info(), site.resource(), v.path(), v.detail() + " (the installed CRD's schema)");
      }
    }
  }

  @Override
  public void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
    check(site, reporter);
    Optional<List<GatewayApiCrd.CelRule>> installed =
        CrdValidationRule.installedRules(site, context);
    if (installed.isEmpty() || site.stopsCel()) {
      return;
    }
    for (GatewayApiCrd.CelRule rule : installed.get()) {
      if (!KNOWN.contains(rule.normalized())) {
        report(rule, site.celInput(), site.resource(), site.path(), reporter);
      }
    }
  }
}
