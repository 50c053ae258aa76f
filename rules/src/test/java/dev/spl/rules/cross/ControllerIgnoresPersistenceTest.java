package dev.spl.rules.cross;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class ControllerIgnoresPersistenceTest {
  static String yaml(String controller, String gatewayNamespace) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: GatewayClass
        metadata: {name: gc}
        spec: {controllerName: %s}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw, namespace: %s}
        spec: {gatewayClassName: gc}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - backendRefs: [{name: a}]
            sessionPersistence: {sessionName: s}
        """
        .formatted(controller, gatewayNamespace);
  }

  @Test
  void theAwsAlbGatewaySaysWhereItsStickinessIsSet() {
    var f = of("SPL141", yaml("gateway.k8s.aws/alb", "default"), GatewayApiVersion.V1_4);
    assertEquals(1, f.size(), f::toString);
    assertTrue(
        f.get(0)
            .message()
            .contains(
                "; pin clients to a pod with stickiness.enabled in a TargetGroupConfiguration's targetGroupAttributes"),
        f.get(0).message());
    // a controller whose data names no other place keeps the plain ending
    var istio =
        of("SPL141", yaml("istio.io/gateway-controller", "default"), GatewayApiVersion.V1_4);
    assertTrue(istio.get(0).message().endsWith("; this setting has no effect"), istio.toString());
  }

  @Test
  void istioIgnoresIt() {
    var f =
        assertMarked(
                "SPL141",
                """
            apiVersion: gateway.networking.k8s.io/v1
            kind: GatewayClass
            metadata: {name: gc}
            spec: {controllerName: istio.io/gateway-controller}
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: gw, namespace: default}
            spec: {gatewayClassName: gc}
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: r}
            spec:
              parentRefs: [{name: gw}]
              rules:
              - backendRefs: [{name: a}]
                sessionPersistence: {sessionName: s}  # expect: SPL141 "Istio (istio.io/gateway-controller) ignores sessionPersistence on HTTPRoute"
            """,
                GatewayApiVersion.V1_4)
            .get(0);
    assertTrue(f.related().size() == 2);
  }

  @Test
  void nearMisses() {
    assertTrue(
        of(
                "SPL141",
                yaml("gateway.envoyproxy.io/gatewayclass-controller", "default"),
                GatewayApiVersion.V1_4)
            .isEmpty());
    // the route's Gateway is not the one in another namespace
    assertTrue(
        of("SPL141", yaml("istio.io/gateway-controller", "infra"), GatewayApiVersion.V1_4)
            .isEmpty());
  }

  @Test
  void everyDataFileEntryNamesItsSource() {
    assertFalse(KnownControllers.all().isEmpty());
    KnownControllers.all()
        .values()
        .forEach(
            c -> {
              assertFalse(c.source() == null || c.source().isBlank(), c.controllerName());
              assertFalse(c.ignores().isEmpty(), c.controllerName());
            });
  }

  @Test
  void theCheckedControllersAreKnownAndEnvoyGatewayIsNot() {
    for (String name :
        List.of(
            "traefik.io/gateway-controller",
            "application-networking.k8s.aws/gateway-api-controller",
            "gateway.k8s.aws/alb",
            "networking.gke.io/gateway",
            "agentgateway.dev/agentgateway")) {
      assertTrue(KnownControllers.find(name).isPresent(), name);
    }
    assertTrue(
        KnownControllers.find("gateway.envoyproxy.io/gatewayclass-controller").isEmpty(),
        "Envoy Gateway honours HTTPRoute persistence, and GRPCRoute from v1.10 as its docs say");
    assertTrue(
        of("SPL141", yaml("gateway.k8s.aws/alb", "default"), GatewayApiVersion.V1_4).size() == 1,
        "the ALB Gateway points to ListenerRuleConfiguration instead");
    List<dev.spl.model.Finding> agentgateway =
        of("SPL141", yaml("agentgateway.dev/agentgateway", "default"), GatewayApiVersion.V1_4);
    assertEquals(1, agentgateway.size(), agentgateway::toString);
    assertTrue(agentgateway.get(0).message().contains("agentgateway"), agentgateway::toString);
  }
}
