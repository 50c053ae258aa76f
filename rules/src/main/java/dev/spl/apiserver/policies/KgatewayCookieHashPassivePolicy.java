package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.kgateway.KgatewayCookieHashPassive;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/** SPL451 at the API server: a BackendConfigPolicy's cookie hash policy without a ttl. */
final class KgatewayCookieHashPassivePolicy implements ApiServerPolicy {
  /** A hash policy Envoy sets no cookie for, as a CEL predicate on {@code p}. */
  private static final String PASSIVE = "has(p.cookie) && !has(p.cookie.ttl)";

  @Override
  public Class<KgatewayCookieHashPassive> rule() {
    return KgatewayCookieHashPassive.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(KgatewayCel.onHashPolicies(PASSIVE, KgatewayCookieHashPassive.MESSAGE));
  }
}
