package dev.spl.apiserver.policies;

import dev.spl.model.AttachmentPoint;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.cookie.CookiePathNotAbsolute;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;
import java.util.Set;

/** SPL131 at the API server. cookie.path exists in main's shape only. */
final class CookiePathNotAbsolutePolicy implements ApiServerPolicy {
  @Override
  public Class<CookiePathNotAbsolute> rule() {
    return CookiePathNotAbsolute.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    if (version.usesSessionNameShape()) {
      return Optional.empty(); // no cookie.path before main: the API server prunes it
    }
    // a path over 40 characters is cut as the rule cuts it
    String shown =
        """
        (size($sp.cookie.path) <= 40 ? $sp.cookie.path : $sp.cookie.path.substring(0, 37) + '...')
        """;
    return Optional.of(
        PolicyCheck.onSites(
            Set.of(AttachmentPoint.values()),
            Cel.of(
                """
                !(has($sp.cookie) && has($sp.cookie.path) && $sp.cookie.path != ''
                  && !$sp.cookie.path.startsWith('/'))
                """),
            Cel.message(CookiePathNotAbsolute.MESSAGE, "path", shown),
            "cookie.path"));
  }
}
