package dev.spl.rules;

import dev.spl.index.IngressClasses;
import dev.spl.schema.GatewayApiVersion;

/**
 * What a rule may know beyond the resource: the target Gateway API version, which controller serves
 * each Ingress class (from the IngressClasses given with the input or watched in the cluster), and
 * the ids and names of spl's rules.
 */
public record RuleContext(
    GatewayApiVersion version, IngressClasses ingressClasses, RuleNames ruleNames) {}
