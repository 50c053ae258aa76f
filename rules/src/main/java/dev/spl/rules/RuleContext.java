package dev.spl.rules;

import dev.spl.index.ControllerVersions;
import dev.spl.index.IngressClasses;
import dev.spl.model.Resource;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/**
 * What a rule may know beyond the resource: the target Gateway API version, which controller serves
 * each Ingress class (from the IngressClasses given with the input or watched in the cluster), the
 * ids and names of spl's rules, the Gateway API CRDs in sight of the part being linted (null when
 * none are: the API server's own schema is then unknown, and the version's table decides), and the
 * controllers' versions where the input says them (else each is its newest release).
 */
public record RuleContext(
    GatewayApiVersion version,
    IngressClasses ingressClasses,
    RuleNames ruleNames,
    CrdsInSight crdsInSight,
    ControllerVersions controllerVersions) {

  public RuleContext(
      GatewayApiVersion version, IngressClasses ingressClasses, RuleNames ruleNames) {
    this(version, ingressClasses, ruleNames, null, ControllerVersions.NONE);
  }

  /** The Gateway API CRDs that decide for this part, when the input holds them. */
  public Optional<CrdsInSight> crds() {
    return Optional.ofNullable(crdsInSight);
  }

  /**
   * The installed CRD of {@code resource}'s kind in sight, when its schema says whether and how it
   * carries sessionPersistence; empty when spl's table for the version decides.
   */
  public Optional<GatewayApiCrd> crdOf(Resource resource) {
    return crds()
        .flatMap(c -> c.of(resource.kind()))
        .filter(c -> c.persistence() != GatewayApiCrd.Persistence.UNKNOWN);
  }
}
