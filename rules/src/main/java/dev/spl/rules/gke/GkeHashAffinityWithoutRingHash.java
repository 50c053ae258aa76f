package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.index.TargetRef;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * SPL705: a GCPBackendPolicy hashing on a header or cookie for a Service whose load balancer does
 * not hash. The backend service honours HEADER_FIELD and HTTP_COOKIE only under a RING_HASH or
 * MAGLEV locality policy, which GKE takes from a GCPTrafficDistributionPolicy (default
 * ROUND_ROBIN).
 */
@RuleDefinition(
    id = "SPL705",
    name = "gke-hash-affinity-without-ring-hash",
    severity = Severity.WARNING,
    summary =
        "A GKE GCPBackendPolicy hashes on a header or cookie for a Service not balanced by"
            + " RING_HASH or MAGLEV.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class GkeHashAffinityWithoutRingHash implements IndexRule {
  /** {balancer} is the locality policy the Service gets and where it comes from. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{type} is ignored: Service {service} is balanced {balancer}, not RING_HASH or MAGLEV");

  static final String DISTRIBUTION_KIND = Kinds.GCP_TRAFFIC_DISTRIBUTION_POLICY;
  static final Set<String> HASHING_TYPES = Set.of("HEADER_FIELD", "HTTP_COOKIE");
  static final Set<String> HASHING_BALANCERS = Set.of("RING_HASH", "MAGLEV");

  @Override
  public Inputs inputs() {
    return Inputs.of(
        KindRole.SERVICE_POLICY,
        "targetRef",
        "targetRefs",
        "default.sessionAffinity",
        "default.localityLbAlgorithm");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    List<Resource> policies = index.all(KindRole.SERVICE_POLICY);
    for (Resource policy : policies) {
      MapNode affinity = GkeAffinity.of(policy);
      String type = affinity == null ? null : GkeAffinity.type(affinity);
      if (type == null || !HASHING_TYPES.contains(type)) {
        continue;
      }
      for (TargetRef target : TargetRef.of(policy)) {
        if (target.target().group().isEmpty() && target.target().kind().equals(Kinds.SERVICE)) {
          check(policy, type, target.target(), policies, reporter);
        }
      }
    }
  }

  private void check(
      Resource policy, String type, ObjectKey service, List<Resource> all, Reporter reporter) {
    String balancer = "ROUND_ROBIN (no " + DISTRIBUTION_KIND + ")";
    List<RelatedLocation> related = new ArrayList<>();
    for (Resource d : distributionsOf(service, all)) {
      MapNode config = d.spec().map("default");
      String algorithm = config == null ? null : config.string("localityLbAlgorithm");
      if (algorithm != null && HASHING_BALANCERS.contains(algorithm)) {
        return;
      }
      // unset, the backend service keeps GKE's ROUND_ROBIN
      balancer = (algorithm == null ? "ROUND_ROBIN" : algorithm) + " (" + DISTRIBUTION_KIND + ")";
      related.add(Reporter.at(d, FieldPath.of("spec")));
    }
    reporter.report(
        info(),
        policy,
        GkeAffinity.PATH.key("type"),
        MESSAGE.format("type", type, "service", service.name(), "balancer", balancer),
        related);
  }

  /** The GCPTrafficDistributionPolicies that name {@code service}, in input order. */
  private static List<Resource> distributionsOf(ObjectKey service, List<Resource> all) {
    List<Resource> out = new ArrayList<>();
    for (Resource r : all) {
      if (r.is(GkeAffinity.GROUP, DISTRIBUTION_KIND)
          && r.spec() != null
          && TargetRef.of(r).stream()
              .anyMatch(t -> t.target().normalized().equals(service.normalized()))) {
        out.add(r);
      }
    }
    return out;
  }
}
