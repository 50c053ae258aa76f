package dev.spl.apiserver.policies;

import dev.spl.model.AttachmentPoint;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.cookie.PermanentZeroLifetime;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;
import java.util.Set;

/**
 * SPL133 at the API server: a zero GEP-2257 duration is one whose every part's number is zero;
 * lifetimeType sits on cookie in main, on cookieConfig before.
 */
final class PermanentZeroLifetimePolicy implements ApiServerPolicy {
  @Override
  public Class<PermanentZeroLifetime> rule() {
    return PermanentZeroLifetime.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.values()),
            Cel.of(
                """
                !(has(${holder}) && has(${holder}.lifetimeType)
                  && ${holder}.lifetimeType == 'Permanent' && has($sp.absoluteTimeout)
                  && $sp.absoluteTimeout.matches('^(0{1,5}(h|m|s|ms)){1,4}$'))
                """,
                "holder",
                version.usesSessionNameShape() ? "$sp.cookieConfig" : "$sp.cookie"),
            Cel.message(PermanentZeroLifetime.MESSAGE, "timeout", "$sp.absoluteTimeout"),
            "absoluteTimeout"));
  }
}
