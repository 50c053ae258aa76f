package dev.spl.rules.kgateway;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KgatewayCookieSameSiteNoneInsecureTest {
  private static String policy(String balancer, String cookie) {
    return """
        apiVersion: gateway.kgateway.dev/v1alpha1
        kind: BackendConfigPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: s}]
          loadBalancer:
            %s:
              hashPolicies:
              - header: {name: x-user}
              - cookie: %s
        """
        .formatted(balancer, cookie);
  }

  @Test
  void sameSiteNoneNeedsSecure() {
    var found =
        assertMarked(
            "SPL452",
            policy(
                "ringHash",
                "{name: s, ttl: 1h, sameSite: None}  # expect: SPL452 \"is SameSite=None\""));
    assertTrue(found.get(0).message().startsWith("hash cookie \"s\" is"), found.toString());
    assertMarked(
        "SPL452",
        policy(
            "maglev",
            "{ttl: 1h, secure: false, sameSite: None}  # expect: SPL452 \"hash cookie is\""));
  }

  @Test
  void secureOrAnotherSameSitePasses() {
    assertTrue(
        of("SPL452", policy("ringHash", "{name: s, secure: true, sameSite: None}")).isEmpty());
    assertTrue(of("SPL452", policy("ringHash", "{name: s, sameSite: Lax}")).isEmpty());
    assertTrue(of("SPL452", policy("maglev", "{name: s}")).isEmpty());
    // "none" in another case is not SameSite=None: the CRD's enum refuses it (SPL020's business)
    assertTrue(of("SPL452", policy("maglev", "{name: s, sameSite: none}")).isEmpty());
  }
}
