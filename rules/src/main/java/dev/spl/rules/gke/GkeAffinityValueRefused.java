package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.Fix;
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
import dev.spl.rules.WholeSeconds;
import java.util.Set;

/**
 * SPL708: a GCPBackendPolicy session affinity value its CRD refuses: a type outside the enum, a
 * cookieTtlSec that is not a whole number of seconds from 0 to two weeks. The API server rejects
 * the policy, so the Service keeps whatever affinity it had (NONE for a new one).
 */
@RuleDefinition(
    id = "SPL708",
    name = "gke-affinity-value-refused",
    severity = Severity.ERROR,
    summary =
        "A GKE GCPBackendPolicy's affinity type or cookieTtlSec is one its CRD refuses, so the policy"
            + " is rejected.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA,
    fixable = true)
public final class GkeAffinityValueRefused implements ResourceRule {
  @Override
  public Inputs inputs() {
    return GkeAffinity.INPUTS;
  }

  /** {value}: the type written; {fix}: what to write, or the types. */
  public static final MessageTemplate TYPE =
      MessageTemplate.of("{value} is not a GKE session affinity type: {fix}");

  /** {value}: the cookieTtlSec written. */
  public static final MessageTemplate TTL =
      MessageTemplate.of(
          "cookieTtlSec {value} is not whole seconds from 0 to 1209600 (two weeks): the policy is"
              + " refused");

  /** The types gcpbackendpolicy_types.go's enum allows. */
  public static final Set<String> TYPES =
      Set.of(
          "CLIENT_IP",
          "CLIENT_IP_PORT_PROTO",
          "CLIENT_IP_PROTO",
          "GENERATED_COOKIE",
          "HEADER_FIELD",
          "HTTP_COOKIE",
          "NONE");

  static final long LONGEST_TTL = 1_209_600;

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode affinity = GkeAffinity.of(resource);
    if (affinity == null) {
      return;
    }
    Node type = affinity.get("type");
    if (type instanceof ScalarNode s
        && s.value() instanceof String written
        && !TYPES.contains(written)) {
      Fix fix = Fix.caseSlip(type, TYPES);
      reporter.report(
          info(),
          resource,
          GkeAffinity.PATH.key("type"),
          TYPE.format(
              "value",
              written,
              "fix",
              fix != null
                  ? fix.title()
                  : "GENERATED_COOKIE, CLIENT_IP or HTTP_COOKIE, for example"),
          fix);
    }
    Node ttl = affinity.get("cookieTtlSec");
    if (ttl instanceof ScalarNode s
        && s.value() != null
        && !WholeSeconds.within(s.value(), 0, LONGEST_TTL)) {
      reporter.report(
          info(),
          resource,
          GkeAffinity.PATH.key("cookieTtlSec"),
          TTL.format("value", String.valueOf(s.value())));
    }
  }
}
