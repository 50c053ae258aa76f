package dev.spl.policy;

import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/**
 * A rule whose verdict the API server can reach by itself, in a ValidatingAdmissionPolicy: its
 * input is the admitted object alone, and CEL can say it. The rule states the check once; {@link
 * VapPolicies} places it on each kind and attachment point.
 */
public interface ApiServerPolicy {
  /** The check for objects written for {@code version}; empty when the rule never fires there. */
  Optional<PolicyCheck> policyCheck(GatewayApiVersion version);
}
