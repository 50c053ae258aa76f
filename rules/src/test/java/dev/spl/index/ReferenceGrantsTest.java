package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReferenceGrantsTest {
  private static final String GRANTS =
      """
      apiVersion: gateway.networking.k8s.io/v1beta1
      kind: ReferenceGrant
      metadata: {name: web, namespace: shop}
      spec:
        from:
        - {group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: web}
        - {group: gateway.networking.k8s.io, kind: TLSRoute, namespace: edge}
        to: [{group: "", kind: Service, name: cart}]
      ---
      apiVersion: gateway.networking.k8s.io/v1beta1
      kind: ReferenceGrant
      metadata: {name: grpc, namespace: shop}
      spec:
        from: [{group: gateway.networking.k8s.io, kind: GRPCRoute, namespace: api}]
        to: [{group: gateway.networking.x-k8s.io, kind: XBackend}]
      ---
      apiVersion: gateway.networking.k8s.io/v1beta1
      kind: ReferenceGrant
      metadata: {name: broken, namespace: shop}
      spec: {from: [{group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: x}]}
      """;

  private static final ReferenceGrants GRANTED =
      ReferenceGrants.of(new ManifestLoader().loadText("g.yaml", GRANTS).resources());

  private static final List<List<String>> ROUTES =
      List.of(
          List.of("gateway.networking.k8s.io", "HTTPRoute"),
          List.of("gateway.networking.k8s.io", "GRPCRoute"));

  private static Resource route(String kind, String namespace) {
    return new ManifestLoader()
        .loadText(
            "r.yaml",
            "apiVersion: gateway.networking.k8s.io/v1\nkind: %s\nmetadata: {name: r, namespace: %s}\n"
                .formatted(kind, namespace))
        .resources()
        .get(0);
  }

  @Test
  void aGrantPermitsItsFromToItsTo() {
    ObjectKey cart = new ObjectKey("", "Service", "shop", "cart");
    assertEquals(true, GRANTED.permits(route("HTTPRoute", "web"), cart));
    assertEquals(true, GRANTED.permits(route("HTTPRoute", "shop"), cart), "one namespace");
    assertEquals(false, GRANTED.permits(route("HTTPRoute", "api"), cart));
    assertEquals(false, GRANTED.permits(route("GRPCRoute", "web"), cart), "another kind");
    assertEquals(
        false,
        GRANTED.permits(route("HTTPRoute", "web"), new ObjectKey("", "Service", "shop", "other")),
        "another name");
    assertEquals(false, GRANTED.permits(route("HTTPRoute", "x"), cart), "a grant with no to");
    assertEquals(
        false, ReferenceGrants.NONE.permits(route("HTTPRoute", "web"), cart), "no grants at all");
  }

  @Test
  void backendAndXBackendAreOneKind() {
    ObjectKey backend = new ObjectKey("gateway.networking.x-k8s.io", "XBackend", "shop", "b");
    assertEquals(true, GRANTED.permits(route("GRPCRoute", "api"), backend));
    assertEquals(true, GRANTED.permits(route("GRPCRoute", "api"), backend.normalized()));
  }

  @Test
  void theNamespacesAdmittedToATarget() {
    ObjectKey cart = new ObjectKey("", "Service", "shop", "cart");
    // TLSRoute's namespace is not a route kind spl follows; the target's own is left out
    assertEquals(Set.of("web"), GRANTED.namespacesAdmittedTo(cart, ROUTES));
    assertEquals(
        Set.of(), GRANTED.namespacesAdmittedTo(new ObjectKey("", "Service", "shop", "x"), ROUTES));
    assertEquals(
        Set.of("api"),
        GRANTED.namespacesAdmittedTo(
            new ObjectKey("gateway.networking.x-k8s.io", "XBackend", "shop", "b").normalized(),
            ROUTES));
  }
}
