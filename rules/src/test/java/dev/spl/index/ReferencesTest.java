package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each kind names by reference, as the cross-resource rules follow it. */
class ReferencesTest {
  private static List<String> named(String yaml) {
    Resource r = new ManifestLoader().loadText("t.yaml", yaml).resources().get(0);
    return References.named(r).stream().map(k -> k.group() + "/" + k.describe()).toList();
  }

  @Test
  void aRouteNamesItsGatewaysAndBackendsOnce() {
    assertEquals(
        List.of(
            "gateway.networking.k8s.io/Gateway shop/gw",
            "gateway.networking.k8s.io/Gateway infra/edge",
            "/Service shop/cart",
            "gateway.networking/Backend shop/b"),
        named(
            """
            apiVersion: gateway.networking.k8s.io/v1
            kind: HTTPRoute
            metadata: {name: r, namespace: shop}
            spec:
              parentRefs: [{name: gw}, {name: edge, namespace: infra}, {name: gw}]
              rules:
              - backendRefs: [{name: cart, port: 80}, {name: cart, port: 80}]
              - backendRefs: [{group: gateway.networking.x-k8s.io, kind: XBackend, name: b}]
            """));
  }

  @Test
  void policiesIngressesGatewaysAndAutoscalers() {
    assertEquals(
        List.of("/Service shop/cart", "gateway.networking/Backend shop/b"),
        named(
                """
            apiVersion: gateway.networking.k8s.io/v1alpha2
            kind: BackendLBPolicy
            metadata: {name: p, namespace: shop}
            spec:
              targetRefs: [{group: "", kind: Service, name: cart}, {name: nameless}, {kind: XBackend, group: gateway.networking.x-k8s.io, name: b}]
            """)
            .stream()
            .filter(k -> !k.contains("nameless"))
            .toList());
    assertEquals(
        List.of("/Service shop/web", "/Service shop/api"),
        named(
            """
            apiVersion: networking.k8s.io/v1
            kind: Ingress
            metadata: {name: i, namespace: shop}
            spec:
              defaultBackend: {service: {name: api, port: {number: 80}}}
              rules:
              - http:
                  paths:
                  - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
                  - {path: /x, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
            """));
    assertEquals(
        List.of("gateway.networking.k8s.io/GatewayClass c"),
        named(
            """
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: gw, namespace: shop}
            spec: {gatewayClassName: c}
            """));
    assertEquals(
        List.of("apps/Deployment shop/web"),
        named(
            """
            apiVersion: autoscaling/v2
            kind: HorizontalPodAutoscaler
            metadata: {name: h, namespace: shop}
            spec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}}
            """));
    assertEquals(
        List.of(),
        named(
            """
            apiVersion: autoscaling/v2
            kind: HorizontalPodAutoscaler
            metadata: {name: h, namespace: shop}
            spec: {scaleTargetRef: {kind: Deployment}}
            """));
    assertEquals(
        List.of(),
        named("apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {selector: {a: b}}\n"));
    assertEquals(
        List.of(),
        named("apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: {name: g}\n"));
  }
}
