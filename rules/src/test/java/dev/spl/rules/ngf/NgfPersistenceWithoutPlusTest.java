package dev.spl.rules.ngf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SPL254 and SPL255 divide the cases: the controller seen, or not. */
class NgfPersistenceWithoutPlusTest {
  static List<Finding> of(String rule, String yaml) {
    return Lint.of(rule, yaml, GatewayApiVersion.NEWEST_RELEASE);
  }

  static final String ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: GatewayClass
      metadata: {name: nginx}
      spec: {controllerName: gateway.nginx.org/nginx-gateway-controller}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata: {name: gw, namespace: shop}
      spec: {gatewayClassName: nginx, listeners: [{name: web, port: 80, protocol: HTTP}]}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: cart, namespace: shop}
      spec:
        parentRefs: [{name: gw}]
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: cart}
      """;

  static String controller(String... args) {
    return """
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: ngf, namespace: nginx-gateway}
        spec:
          template:
            spec:
              containers:
              - name: nginx-gateway
                args: %s
        """
        .formatted(List.of(args).toString());
  }

  @Test
  void aControllerWithoutPlusIsAnError() {
    String yaml =
        ROUTE
            + controller(
                "controller",
                "--gateway-ctlr-name=gateway.nginx.org/nginx-gateway-controller",
                "--gateway-api-experimental-features");
    List<Finding> f = of("SPL254", yaml);
    assertEquals(1, f.size());
    assertTrue(f.get(0).message().contains("lacks --nginx-plus:"), f.get(0).message());
    assertEquals(3, f.get(0).related().size(), "the Gateway, the class, the controller's args");
    assertTrue(of("SPL255", yaml).isEmpty(), "seen, so not also a warning");
  }

  @Test
  void aControllerWithBothFlagsIsSilent() {
    String yaml =
        ROUTE
            + controller(
                "--gateway-ctlr-name=gateway.nginx.org/nginx-gateway-controller",
                "--nginx-plus",
                "--gateway-api-experimental-features");
    assertTrue(of("SPL254", yaml).isEmpty());
    assertTrue(of("SPL255", yaml).isEmpty());
  }
}
