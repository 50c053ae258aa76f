package dev.spl.apiserver.policies;

import dev.spl.model.AttachmentPoint;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.cookie.CookiePrefixViolation;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;
import java.util.Set;

/** SPL132 at the API server: main's shape only, the cookie's name is cookie.name. */
final class CookiePrefixViolationPolicy implements ApiServerPolicy {
  @Override
  public Class<CookiePrefixViolation> rule() {
    return CookiePrefixViolation.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    if (version.usesSessionNameShape()) {
      return Optional.empty(); // no cookie.path before main: the API server prunes it
    }
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.values()),
            Cel.of(
                """
                !((has($sp.type) ? $sp.type : 'Cookie') == 'Cookie'
                  && has($sp.cookie) && has($sp.cookie.name)
                  && $sp.cookie.name.lowerAscii().startsWith('__host-')
                  && has($sp.cookie) && has($sp.cookie.path) && $sp.cookie.path != '/')
                """),
            Cel.message(
                CookiePrefixViolation.MESSAGE,
                "name",
                "$sp.cookie.name",
                "path",
                "$sp.cookie.path"),
            "cookie.path"));
  }
}
