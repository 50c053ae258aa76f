package dev.spl.rules.kong;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class KongUpstreamPolicyInconsistentTest {
  private static String service(String name, String policy) {
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: %s
          namespace: shop
        %s
        spec:
          ports: [{port: 80}]
        ---
        """
        .formatted(
            name,
            policy == null ? "" : "  annotations: {konghq.com/upstream-policy: " + policy + "}");
  }

  private static String route(String controller) {
    String classes =
        controller == null
            ? ""
            : """
            apiVersion: gateway.networking.k8s.io/v1
            kind: GatewayClass
            metadata: {name: kong}
            spec: {controllerName: %s}
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: gw, namespace: shop}
            spec: {gatewayClassName: kong}
            ---
            """
                .formatted(controller);
    return classes
        + """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - backendRefs:
            - {name: blue, port: 80, weight: 90}
            - {name: green, port: 80, weight: 10}
        """;
  }

  @Test
  void onePolicyOnOneServiceOfTheRuleIsAppliedToNone() {
    List<Finding> f =
        of(
            "SPL272",
            service("blue", "sticky")
                + service("green", null)
                + route("konghq.com/kic-gateway-controller"));
    assertEquals(1, f.size(), f::toString);
    assertEquals(
        "Services blue (sticky) and green (none) of this rule differ in KongUpstreamPolicy: Kong"
            + " applies none; give them one",
        f.get(0).message());
    assertEquals("spec.rules[0].backendRefs[1]", f.get(0).field());
    assertEquals(2, f.get(0).related().size(), "both Services");
  }

  @Test
  void twoPoliciesDifferToo() {
    assertEquals(
        1,
        of("SPL272", service("blue", "sticky") + service("green", "hash") + route(null)).size(),
        "a route whose class is not in sight may be Kong's");
  }

  @Test
  void oneSharedPolicyNoPolicyOrAnotherControllerPass() {
    assertTrue(
        of("SPL272", service("blue", "sticky") + service("green", "sticky") + route(null))
            .isEmpty());
    assertTrue(
        of("SPL272", service("blue", null) + service("green", null) + route(null)).isEmpty());
    assertTrue(
        of(
                "SPL272",
                service("blue", "sticky")
                    + service("green", null)
                    + route("gateway.envoyproxy.io/gatewayclass-controller"))
            .isEmpty(),
        "Envoy Gateway reads no Kong annotation");
  }
}
