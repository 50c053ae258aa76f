package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.WholeSeconds;
import java.util.Set;

/**
 * SPL709: a GKE stateful cookie (GCPSessionAffinityPolicy or GCPSessionAffinityFilter) whose
 * lifetime is outside the 1 to 86400 seconds GKE allows. The CRD has no bounds, so the API server
 * takes it; GKE then cannot program the load balancer's strong cookie affinity with it.
 */
@RuleDefinition(
    id = "SPL709",
    name = "gke-stateful-cookie-ttl-refused",
    severity = Severity.ERROR,
    summary =
        "A GKE GCPSessionAffinityPolicy or GCPSessionAffinityFilter sets a cookieTtlSeconds outside"
            + " 1 to 86400.")
public final class GkeStatefulCookieTtlRefused implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.GCP_SESSION_AFFINITY_POLICY, "statefulGeneratedCookie")
        .and(Kinds.GCP_SESSION_AFFINITY_FILTER, "statefulGeneratedCookie");
  }

  /** {value}: the lifetime written. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookieTtlSeconds {value} is not whole seconds from 1 to 86400 (24 hours): GKE cannot"
              + " apply it");

  /** The kinds that carry the stateful cookie (policy: in spec, filter: spec is the config). */
  public static final Set<String> KINDS =
      Set.of(Kinds.GCP_SESSION_AFFINITY_POLICY, Kinds.GCP_SESSION_AFFINITY_FILTER);

  public static final FieldPath PATH = FieldPath.of("spec", "statefulGeneratedCookie");

  /** gcpsessionaffinityfilter_types.go, StatefulGeneratedCookieConfig.CookieTTLSeconds. */
  public static final long LONGEST = 86_400;

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!KINDS.contains(resource.kind())
        || !GkeAffinity.GROUP.equals(resource.group())
        || !(resource.nodeAt(PATH) instanceof MapNode cookie)) {
      return;
    }
    Node ttl = cookie.get("cookieTtlSeconds");
    if (ttl instanceof ScalarNode s
        && s.value() != null
        && !WholeSeconds.within(s.value(), 1, LONGEST)) {
      reporter.report(
          info(),
          resource,
          PATH.key("cookieTtlSeconds"),
          MESSAGE.format("value", String.valueOf(s.value())));
    }
  }
}
