package dev.spl.rules.ngf;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import dev.spl.schema.GatewayApiVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NgfPersistenceDroppedTest {
  private static final GatewayApiVersion V1_6 = GatewayApiVersion.V1_6;

  /**
   * A GatewayClass of {@code controller}, its Gateway, and a route with these persistence lines.
   */
  private static String served(String controller, String... persistenceLines) {
    StringBuilder out =
        new StringBuilder(
            """
            apiVersion: gateway.networking.k8s.io/v1
            kind: GatewayClass
            metadata: {name: edge}
            spec: {controllerName: %s}
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: public, namespace: shop}
            spec:
              gatewayClassName: edge
              listeners: [{name: web, port: 80, protocol: HTTP}]
            ---
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: cart, namespace: shop}
            spec:
              parentRefs: [{name: public}]
              rules:
              - backendRefs: [{name: cart, port: 8080}]
                sessionPersistence:
            """
                .formatted(controller));
    for (String line : persistenceLines) {
      out.append("      ").append(line).append('\n');
    }
    return out.toString();
  }

  private static final String NGF = "gateway.nginx.org/nginx-gateway-controller";

  @Test
  void headerPersistenceIsIgnored() {
    var found =
        assertMarked(
            "SPL252",
            served(
                NGF,
                "sessionName: x-user",
                "type: Header  # expect: SPL252 \"ignores this Header persistence\""),
            V1_6);
    assertEquals(Severity.WARNING, found.get(0).severity());
    assertEquals(2, found.get(0).related().size(), "the Gateway's class and the class's name");
  }

  @ParameterizedTest
  @ValueSource(strings = {"lifetimeType: Session", ""})
  void aSessionCookieLosesItsTimeout(String lifetime) {
    // cookieConfig's lifetimeType defaults to Session
    assertMarked(
        "SPL252",
        served(
            "gateway.nginx.org/second",
            "sessionName: cart",
            "absoluteTimeout: 1h  # expect: SPL252 \"drops absoluteTimeout 1h\"",
            lifetime.isEmpty() ? "cookieConfig: {}" : "cookieConfig: {" + lifetime + "}"),
        V1_6);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "absoluteTimeout: 1h\ncookieConfig: {lifetimeType: Permanent}",
        // no cookieConfig: NGF keeps the timeout as the cookie's expires
        "absoluteTimeout: 1h",
        "cookieConfig: {lifetimeType: Session}",
        "type: Cookie"
      })
  void whatNgfKeepsPasses(String lines) {
    assertTrue(of("SPL252", served(NGF, lines.split("\n")), V1_6).isEmpty());
  }

  @Test
  void otherControllersAndMainArePassedOver() {
    assertTrue(
        of("SPL252", served("gateway.envoyproxy.io/gatewayclass-controller", "type: Header"), V1_6)
            .isEmpty());
    // on main the route rule's persistence has another shape; NGF reads the v1.x one
    assertTrue(of("SPL252", served(NGF, "type: Header", "header: {name: x}")).isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"9999h1s", "10000h", "99999h"})
  void aTimeoutOverWhatNgfConvertsDropsThePersistence(String timeout) {
    assertMarked(
        "SPL252",
        served(
            NGF,
            "absoluteTimeout: " + timeout + "  # expect: SPL252 \"over the 9999h\"",
            "cookieConfig: {lifetimeType: Permanent}"),
        V1_6);
  }

  /**
   * NGF's own end-to-end manifests (src/test/resources/ngf, see its README), with the GatewayClass
   * its Helm chart installs: what its test expects NGINX to be given is what spl reports missing.
   */
  @Test
  void ngfsOwnSessionPersistenceManifests() throws Exception {
    StringBuilder yaml =
        new StringBuilder(
            "apiVersion: gateway.networking.k8s.io/v1\nkind: GatewayClass\n"
                + "metadata: {name: nginx}\nspec: {controllerName: "
                + NGF
                + "}\n");
    for (String file :
        List.of("gateway.yaml", "routes-plus.yaml", "route-invalid-sp-config.yaml")) {
      try (var in = getClass().getResourceAsStream("/ngf/" + file)) {
        yaml.append("---\n").append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    List<String> found =
        of("SPL252", yaml.toString(), V1_6).stream()
            .map(f -> f.resource().name() + " " + f.field() + ": " + f.message())
            .toList();
    assertEquals(
        List.of(
            "tea spec.rules[0].sessionPersistence.absoluteTimeout: "
                + NgfPersistenceDropped.TIMEOUT.format("timeout", "48h"),
            "route-invalid-sp spec.rules[0].sessionPersistence.type: "
                + NgfPersistenceDropped.HEADER.format(),
            "route-invalid-sp spec.rules[0].sessionPersistence.absoluteTimeout: "
                + NgfPersistenceDropped.TOO_LONG.format("timeout", "10000h"),
            "grpc-route-invalid-sp spec.rules[0].sessionPersistence.type: "
                + NgfPersistenceDropped.HEADER.format(),
            "grpc-route-invalid-sp spec.rules[0].sessionPersistence.absoluteTimeout: "
                + NgfPersistenceDropped.TOO_LONG.format("timeout", "10000h")),
        found);
  }

  @Test
  void withoutTheGatewayClassNothingIsKnown() {
    String route = served(NGF, "type: Header");
    assertTrue(of("SPL252", route.substring(route.indexOf("---") + 4), V1_6).isEmpty());
  }
}
