package dev.spl.rules.input;

import dev.spl.index.KindCatalogue;
import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.policy.PolicyCheck.Variable;
import dev.spl.rules.BuiltInRules;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.Suppressions;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** SPL003: an ignore annotation that gives no reason, or names no rule. */
@RuleDefinition(
    id = "SPL003",
    name = "suppression-without-reason",
    severity = Severity.WARNING,
    summary = "An ignore.spl.dev annotation has an empty reason or names no rule.",
    why =
        "A suppression hides a finding from everyone who reads the manifest later. Without a reason"
            + " nobody can tell whether it still applies; a suppression that names no rule hides"
            + " nothing and is usually a typo.",
    fix =
        "Write why the finding does not apply as the annotation's value, e.g."
            + " ignore.spl.dev/SPL140: \"our gRPC clients keep cookies (grpc-web)\".",
    reference = "spl suppressions (README)")
public final class SuppressionWithoutReason implements ResourceRule, ApiServerPolicy {

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode annotations = resource.annotations();
    if (annotations == null) {
      return;
    }
    for (MapNode.Entry e : annotations.entries()) {
      if (!e.key().startsWith(Suppressions.PREFIX)) {
        continue;
      }
      FieldPath at = FieldPath.of("metadata", "annotations", e.key());
      String ruleRef = e.key().substring(Suppressions.PREFIX.length());
      if (!Suppressions.namesKnownRule(ruleRef)) {
        reporter.report(
            info(),
            resource,
            at,
            "annotation " + e.key() + " names no spl rule; use a rule id or name, e.g. SPL010");
      } else if (!(e.value() instanceof ScalarNode s)
          || s.value() == null
          || String.valueOf(s.value()).isBlank()) {
        reporter.report(
            info(),
            resource,
            at,
            "annotation " + e.key() + " has no reason; say why the finding does not apply here");
      }
    }
  }

  /**
   * The object alone decides it, on every kind the webhook reviews: rule ids and names are a list
   * literal, compared in lower case as spl lint compares them ignoring case. Objects with more
   * annotations than {@link CelText#MAX_SCANNED_ANNOTATIONS} are not scanned (the cost budget).
   */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    // a map, not a list: "in" a map costs one unit, "in" a list one per element
    String known =
        BuiltInRules.all().stream()
            .flatMap(r -> Stream.of(r.info().id(), r.info().name()))
            .map(n -> "'" + n.toLowerCase(Locale.ROOT) + "': true")
            .collect(Collectors.joining(", ", "{", "}"));
    String annotations = "object.metadata.annotations";
    List<Variable> variables =
        List.of(
            new Variable("known", known),
            new Variable(
                "suppressions",
                "has("
                    + annotations
                    + ") && size("
                    + annotations
                    + ") <= "
                    + CelText.MAX_SCANNED_ANNOTATIONS
                    + " ? "
                    + annotations
                    + ".filter(k, k.startsWith('"
                    + Suppressions.PREFIX
                    + "')) : []"),
            new Variable(
                "problems",
                "variables.suppressions.filter(k, "
                    + celUnknown("k")
                    + " || "
                    + annotations
                    + "[k].trim() == '')"));
    String first = "variables.problems[0]";
    return Optional.of(
        PolicyCheck.onObjects(
            KindCatalogue.reviewed().stream()
                .map(k -> new PolicyCheck.Kind(k.group(), "*", k.kind(), k.plural()))
                .toList(),
            variables,
            "size(variables.problems) == 0",
            "'annotation ' + "
                + first
                + " + ("
                + celUnknown(first)
                + " ? ' names no spl rule; use a rule id or name, e.g. SPL010' : ' has no reason;"
                + " say why the finding does not apply here')",
            "'metadata.annotations.' + " + first));
  }

  /** CEL: the annotation key {@code key} names no rule (compared in lower case). */
  private static String celUnknown(String key) {
    return "!("
        + key
        + ".substring("
        + Suppressions.PREFIX.length()
        + ").lowerAscii() in variables.known)";
  }
}
