package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import org.junit.jupiter.api.Test;

class AllowedRoutesTest {
  private static Resource gateway(String listeners) {
    return new ManifestLoader()
        .loadText(
            "gw.yaml",
            """
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: gw, namespace: shop}
            spec:
              gatewayClassName: c
            %s
            """
                .formatted(listeners))
        .resources()
        .get(0);
  }

  @Test
  void theDefaultAdmitsTheGatewaysOwnNamespace() {
    Resource gw = gateway("  listeners: [{name: web, port: 80, protocol: HTTP}]");
    assertEquals(true, AllowedRoutes.admits(gw, null, "HTTPRoute", "shop"));
    assertEquals(false, AllowedRoutes.admits(gw, null, "HTTPRoute", "tenant"));
    assertEquals(false, AllowedRoutes.admitsOtherNamespaces(gw));
  }

  @Test
  void fromAllSelectorAndNone() {
    Resource gw =
        gateway(
            """
              listeners:
              - {name: all, port: 80, protocol: HTTP, allowedRoutes: {namespaces: {from: All}}}
              - {name: none, port: 81, protocol: HTTP, allowedRoutes: {namespaces: {from: None}}}
              - name: picked
                port: 82
                protocol: HTTP
                allowedRoutes: {namespaces: {from: Selector, selector: {matchLabels: {a: b}}}}
            """);
    assertEquals(true, AllowedRoutes.admits(gw, "all", "HTTPRoute", "tenant"));
    assertEquals(false, AllowedRoutes.admits(gw, "none", "HTTPRoute", "shop"));
    assertEquals(true, AllowedRoutes.admits(gw, "picked", "HTTPRoute", "tenant"));
    assertEquals(false, AllowedRoutes.admits(gw, "missing", "HTTPRoute", "shop"));
    assertEquals(true, AllowedRoutes.admits(gw, null, "HTTPRoute", "tenant"));
    assertEquals(true, AllowedRoutes.admitsOtherNamespaces(gw));
    Resource none =
        gateway(
            "  listeners: [{name: n, port: 80, protocol: HTTP,"
                + " allowedRoutes: {namespaces: {from: None}}}]");
    assertEquals(false, AllowedRoutes.admitsOtherNamespaces(none));
    assertEquals(false, AllowedRoutes.admits(none, null, "HTTPRoute", "shop"));
  }

  @Test
  void kindsWhenListed() {
    Resource gw =
        gateway(
            """
              listeners:
              - name: grpc
                port: 80
                protocol: HTTP
                allowedRoutes:
                  kinds: [{kind: GRPCRoute}, {group: example.com, kind: HTTPRoute}]
            """);
    assertEquals(true, AllowedRoutes.admits(gw, null, "GRPCRoute", "shop"));
    // another group's kind of the same name is not Gateway API's HTTPRoute
    assertEquals(false, AllowedRoutes.admits(gw, null, "HTTPRoute", "shop"));
  }

  @Test
  void aGatewayWithoutListenersCannotTell() {
    Resource gw = gateway("");
    assertEquals(true, AllowedRoutes.admits(gw, "x", "HTTPRoute", "tenant"));
    assertEquals(true, AllowedRoutes.admitsOtherNamespaces(gw));
  }
}
