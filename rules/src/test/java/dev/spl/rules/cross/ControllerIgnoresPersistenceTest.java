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

  private static dev.spl.LintOptions at(String controller, String release) {
    return dev.spl.LintOptions.defaults()
        .withVersion(GatewayApiVersion.V1_4)
        .withControllerVersions(
            dev.spl.index.ControllerVersions.configured(
                java.util.Map.of(
                    controller,
                    dev.spl.index.ControllerVersions.parse(release, "the test").orElseThrow())));
  }

  /** cilium/cilium#47089 and #48029: every release through 1.20 drops it. */
  @Test
  void ciliumIgnoresItThroughItsNewestRelease() {
    String cilium = "io.cilium/gateway-controller";
    var unknown = of("SPL141", yaml(cilium, "default"), GatewayApiVersion.V1_4);
    assertEquals(1, unknown.size(), "no version in sight: the newest release, 1.20");
    assertTrue(
        unknown.get(0).message().startsWith("Cilium (io.cilium/gateway-controller) ignores"),
        unknown.toString());
    assertEquals(1, of("SPL141", yaml(cilium, "default"), at(cilium, "v1.20.1")).size());
    assertTrue(
        of("SPL141", yaml(cilium, "default"), at(cilium, "1.21.0")).isEmpty(),
        "the first release with #48029 reads it");
  }

  @Test
  void envoyGatewayBeforeV110IgnoresItOnGrpcRoutesOnly() {
    String eg = "gateway.envoyproxy.io/gatewayclass-controller";
    String grpc = yaml(eg, "default").replace("kind: HTTPRoute", "kind: GRPCRoute");
    var old = of("SPL141", grpc, at(eg, "v1.9.2"));
    assertEquals(1, old.size(), old::toString);
    assertTrue(old.get(0).message().endsWith("upgrade to v1.10 or later"), old.toString());
    assertTrue(of("SPL141", yaml(eg, "default"), at(eg, "v1.9.2")).isEmpty(), "HTTPRoutes: always");
    assertTrue(of("SPL141", grpc, at(eg, "v1.10.0")).isEmpty());
    assertTrue(
        of("SPL141", grpc, GatewayApiVersion.V1_4).isEmpty(),
        "no version in sight: the newest release, which reads it");
  }

  @Test
  void kongAndHaproxyIngressSayWhereTheirStickinessIs() {
    var kong =
        of("SPL141", yaml("konghq.com/kic-gateway-controller", "default"), GatewayApiVersion.V1_4);
    assertEquals(1, kong.size(), kong::toString);
    assertTrue(kong.get(0).message().contains("KongUpstreamPolicy"), kong.toString());
    var haproxy =
        of(
            "SPL141",
            yaml("haproxy-ingress.github.io/controller", "default"),
            GatewayApiVersion.V1_4);
    assertEquals(1, haproxy.size(), haproxy::toString);
    assertTrue(
        haproxy.get(0).message().contains("haproxy-ingress.github.io/affinity: cookie"),
        haproxy.toString());
  }

  @Test
  void theCheckedControllersAreKnown() {
    for (String name :
        List.of(
            "traefik.io/gateway-controller",
            "application-networking.k8s.aws/gateway-api-controller",
            "gateway.k8s.aws/alb",
            "networking.gke.io/gateway",
            "agentgateway.dev/agentgateway")) {
      assertTrue(KnownControllers.find(name).isPresent(), name);
    }
    assertEquals(
        java.util.Set.of("GRPCRoute"),
        KnownControllers.find("gateway.envoyproxy.io/gatewayclass-controller")
            .orElseThrow()
            .ignores(),
        "Envoy Gateway honours HTTPRoute persistence always, GRPCRoute from v1.10 as its docs say");
    assertTrue(
        of("SPL141", yaml("gateway.k8s.aws/alb", "default"), GatewayApiVersion.V1_4).size() == 1,
        "the ALB Gateway points to ListenerRuleConfiguration instead");
    List<dev.spl.model.Finding> agentgateway =
        of("SPL141", yaml("agentgateway.dev/agentgateway", "default"), GatewayApiVersion.V1_4);
    assertEquals(1, agentgateway.size(), agentgateway::toString);
    assertTrue(agentgateway.get(0).message().contains("agentgateway"), agentgateway::toString);
  }
}
