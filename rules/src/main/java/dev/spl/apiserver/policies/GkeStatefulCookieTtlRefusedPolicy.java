package dev.spl.apiserver.policies;

import dev.spl.model.KindCatalogue;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.gke.GkeStatefulCookieTtlRefused;
import dev.spl.schema.GatewayApiVersion;
import java.util.Optional;

/**
 * SPL709 at the API server: a GSSA cookie lifetime outside 1 to 86400 seconds, which the CRDs do
 * not bound.
 */
final class GkeStatefulCookieTtlRefusedPolicy implements ApiServerPolicy {
  private static final String TTL = "object.spec.statefulGeneratedCookie.cookieTtlSeconds";

  @Override
  public Class<GkeStatefulCookieTtlRefused> rule() {
    return GkeStatefulCookieTtlRefused.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onObjects(
            GkeStatefulCookieTtlRefused.KINDS.stream()
                .sorted()
                .map(k -> PolicyCheck.Kind.anyVersionOf(KindCatalogue.find("networking.gke.io", k)))
                .toList(),
            Cel.of(
                """
                !(has(object.spec) && has(object.spec.statefulGeneratedCookie)
                  && has(${ttl})
                  && (type(${ttl}) != int || ${ttl} < 1 || ${ttl} > ${longest}))
                """,
                "ttl",
                TTL,
                "longest",
                String.valueOf(GkeStatefulCookieTtlRefused.LONGEST)),
            Cel.message(GkeStatefulCookieTtlRefused.MESSAGE, "value", "string(" + TTL + ")"),
            "spec.statefulGeneratedCookie.cookieTtlSeconds"));
  }
}
