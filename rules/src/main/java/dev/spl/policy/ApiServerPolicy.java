package dev.spl.policy;

import dev.spl.rules.Rule;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/**
 * A rule's check as the API server can run it, in a ValidatingAdmissionPolicy: its input is the
 * admitted object alone, and CEL can say it. One class per rule, beside the generator and not in
 * the rule, which knows nothing of policies; the message comes from the rule's own {@link
 * dev.spl.model.MessageTemplate}, so the two say the same.
 */
public interface ApiServerPolicy {
  /** The rule this is the policy of. */
  Class<? extends Rule> rule();

  /** The check for objects written for {@code version}; empty when the rule never fires there. */
  Optional<PolicyCheck> policyCheck(GatewayApiVersion version);
}
