package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.haproxy.HaproxyAnnotations;
import dev.spl.rules.haproxy.HaproxyDynamicCookiePublicKey;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** SPL901 at the API server: the annotations looked up under each of the three prefixes. */
final class HaproxyDynamicCookiePublicKeyPolicy implements ApiServerPolicy {
  @Override
  public Class<HaproxyDynamicCookiePublicKey> rule() {
    return HaproxyDynamicCookiePublicKey.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String a = "object.metadata.annotations";
    String dynamic = keys(HaproxyAnnotations.COOKIE_PERSISTENCE);
    String crBackend = keys(HaproxyAnnotations.CR_BACKEND);
    String snippet = keys(HaproxyAnnotations.BACKEND_SNIPPET);
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(CelText.SERVICES),
            Cel.of(
                """
                !(has(${a}) && ${dynamic}.exists(k, k in ${a})
                  && !${a}[${dynamic}.filter(k, k in ${a})[0]].matches('^[\\t\\n\\f\\r ]*$')
                  && !${crBackend}.exists(k, k in ${a})
                  && !${snippet}.exists(k, k in ${a} && ${a}[k].contains('dynamic-cookie-key')))
                """,
                "a",
                a,
                "dynamic",
                dynamic,
                "crBackend",
                crBackend,
                "snippet",
                snippet),
            Cel.message(HaproxyDynamicCookiePublicKey.MESSAGE),
            "metadata.annotations"));
  }

  /** The annotation {@code name} under every prefix, as a CEL list of strings. */
  private static String keys(String name) {
    return HaproxyAnnotations.PREFIXES.stream()
        .map(p -> Cel.quote(p + name))
        .collect(Collectors.joining(", ", "[", "]"));
  }
}
