package dev.spl.rules;

import dev.spl.index.IngressClasses;
import dev.spl.schema.GatewayApiVersion;

/**
 * What a rule may know beyond the resource: the target Gateway API version, and which controller
 * serves each Ingress class (from the IngressClasses given with the input or watched in the
 * cluster).
 */
public record RuleContext(GatewayApiVersion version, IngressClasses ingressClasses) {
  public RuleContext(GatewayApiVersion version) {
    this(version, IngressClasses.NONE);
  }
}
