package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.gke.GkeCookieTtlWithoutCookie;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/** SPL701 at the API server: a GCPBackendPolicy's cookieTtlSec on an affinity without a cookie. */
final class GkeCookieTtlWithoutCookiePolicy implements ApiServerPolicy {
  @Override
  public Class<GkeCookieTtlWithoutCookie> rule() {
    return GkeCookieTtlWithoutCookie.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            GkeCel.BACKEND_POLICIES,
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.default) && has(${a})
                  && has(${a}.cookieTtlSec)
                  && (!has(${a}.type) || ${a}.type in ${cookieless}))
                """,
                "a",
                GkeCel.AFFINITY,
                "cookieless",
                GkeCookieTtlWithoutCookie.COOKIELESS_TYPES.stream()
                    .sorted()
                    .map(Cel::quote)
                    .collect(java.util.stream.Collectors.joining(", ", "[", "]"))),
            Cel.message(
                GkeCookieTtlWithoutCookie.MESSAGE,
                "type",
                Cel.of("(has(${a}.type) ? ${a}.type : 'NONE')", "a", GkeCel.AFFINITY)),
            "spec.default.sessionAffinity.cookieTtlSec"));
  }
}
