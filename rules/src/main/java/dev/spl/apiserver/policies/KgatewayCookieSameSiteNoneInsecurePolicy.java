package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.kgateway.KgatewayCookieSameSiteNoneInsecure;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/** SPL452 at the API server: a BackendConfigPolicy hash cookie SameSite=None but not Secure. */
final class KgatewayCookieSameSiteNoneInsecurePolicy implements ApiServerPolicy {
  /** A hash cookie browsers refuse, as a CEL predicate on {@code p}. */
  private static final String REFUSED =
      "has(p.cookie) && has(p.cookie.sameSite) && p.cookie.sameSite == 'None'"
          + " && !(has(p.cookie.secure) && p.cookie.secure)";

  @Override
  public Class<KgatewayCookieSameSiteNoneInsecure> rule() {
    return KgatewayCookieSameSiteNoneInsecure.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        KgatewayCel.onHashPolicies(REFUSED, KgatewayCookieSameSiteNoneInsecure.MESSAGE));
  }
}
