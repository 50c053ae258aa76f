package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.IngressNginxMigration.Source;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With --routes, the given HTTPRoutes come back as their files are - comments, spacing, quoting,
 * key order - with only the new sessionPersistence lines inserted, as lint --fix edits a file.
 */
class RouteInsertionsTest {
  private static final String INGRESS =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: shop
        annotations:
          nginx.ingress.kubernetes.io/affinity: cookie
          nginx.ingress.kubernetes.io/session-cookie-name: SHOP
          nginx.ingress.kubernetes.io/session-cookie-max-age: "3600"
      spec:
        ingressClassName: nginx
        rules:
        - host: shop.example.com
          http:
            paths:
            - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
      """;

  private static final String ROUTES =
      """
      # Written by ingress2gateway, then edited by hand.
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata:
        name: shop
      spec:
        parentRefs:
        - name: web   # the shared gateway
        hostnames: ["shop.example.com"]
        rules:
        - matches:
          - path: {type: PathPrefix, value: /}
          backendRefs:
          - name: 'shop'
            port: 80    # plain HTTP inside
      """;

  private static Result migrate(String routes, String file) {
    return IngressNginxMigration.run(
        List.of(new Source("ingress.yaml", INGRESS)),
        List.of(new Source(file, routes)),
        GatewayApiVersion.V1_6,
        null,
        MigrationTarget.GATEWAY_API);
  }

  @Test
  void theRouteFileIsKeptByteForByteWithTheNewLinesInserted() {
    Result r = migrate(ROUTES, "routes.yaml");
    assertEquals(
        ROUTES.replace(
            "  - matches:\n",
            """
              - sessionPersistence:
                  sessionName: SHOP
                  type: Cookie
                  absoluteTimeout: 1h
                  cookieConfig:
                    lifetimeType: Permanent
                matches:
            """),
        r.yaml());
    assertEquals(1, r.routesTouched());
    assertTrue(r.introducedErrors().isEmpty(), r.introducedErrors().toString());
  }

  @Test
  void windowsLineEndingsAreKept() {
    Result r = migrate(ROUTES.replace("\n", "\r\n"), "routes.yaml");
    assertTrue(
        r.yaml().contains("  - sessionPersistence:\r\n      sessionName: SHOP\r\n"), r.yaml());
    assertEquals(r.yaml().split("\n", -1).length - 1, r.yaml().split("\r\n", -1).length - 1);
  }

  @Test
  void aRuleInFlowStyleIsWrittenFromTheParsedTree() {
    String flow =
        ROUTES.replace(
            """
              - matches:
                - path: {type: PathPrefix, value: /}
                backendRefs:
                - name: 'shop'
                  port: 80    # plain HTTP inside
            """,
            "  - {backendRefs: [{name: shop, port: 80}]}\n");
    Result r = migrate(flow, "routes.yaml");
    assertTrue(r.yaml().contains("sessionName: SHOP"), r.yaml());
    assertTrue(r.yaml().contains("# the shared gateway"), "comments kept: " + r.yaml());
  }

  @Test
  void twoFilesAreDocumentsOfOneStream() {
    String other =
        ROUTES
            .replace("name: shop\n", "name: other\n")
            .replace("shop.example.com", "x.example.com");
    Result r =
        IngressNginxMigration.run(
            List.of(new Source("ingress.yaml", INGRESS)),
            List.of(new Source("a.yaml", ROUTES), new Source("b.yaml", other)),
            GatewayApiVersion.V1_6,
            null,
            MigrationTarget.GATEWAY_API);
    assertTrue(r.yaml().contains("\n---\n# Written by ingress2gateway"), r.yaml());
    assertTrue(r.yaml().endsWith(other), r.yaml());
  }
}
