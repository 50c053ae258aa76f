package dev.spl.migrate;

import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.IngressNginxMigration.Source;
import dev.spl.migrate.Report.Outcome;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;

/** Test fixture for the migrations that keep the Ingresses: run one, read its report. */
final class KeptIngresses {
  private KeptIngresses() {}

  /**
   * An Ingress with cookie affinity on HTTPS, its settings the ones each controller reads
   * differently, and its canary.
   */
  static final String SHOP =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: shop
        namespace: web
        annotations:
          nginx.ingress.kubernetes.io/affinity: cookie
          nginx.ingress.kubernetes.io/session-cookie-name: SHOP
          nginx.ingress.kubernetes.io/session-cookie-max-age: "3600"
          nginx.ingress.kubernetes.io/session-cookie-change-on-failure: "true"
          nginx.ingress.kubernetes.io/session-cookie-samesite: Lax
          nginx.ingress.kubernetes.io/session-cookie-conditional-samesite-none: "true"
      spec:
        ingressClassName: nginx
        tls:
        - hosts: [shop.example.com]
          secretName: shop-tls
        rules:
        - host: shop.example.com
          http:
            paths:
            - path: /shop
              pathType: Prefix
              backend: {service: {name: shop, port: {number: 80}}}
      ---
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: shop-canary
        namespace: web
        annotations:
          nginx.ingress.kubernetes.io/canary: "true"
          nginx.ingress.kubernetes.io/canary-weight: "20"
          nginx.ingress.kubernetes.io/affinity-canary-behavior: legacy
      spec:
        ingressClassName: nginx
        rules:
        - host: shop.example.com
          http:
            paths:
            - path: /shop
              pathType: Prefix
              backend: {service: {name: shop-v2, port: {number: 80}}}
      """;

  static Result migrate(String yaml, MigrationTarget target) {
    return IngressNginxMigration.run(
        List.of(new Source("ingress.yaml", yaml)), List.of(), GatewayApiVersion.V1_6, null, target);
  }

  /** What the report says of {@code annotation} of Ingress {@code ingress} (namespace/name). */
  static Outcome outcome(Result r, String ingress, String annotation) {
    return r.report().entries().stream()
        .filter(e -> e.ingress().equals("Ingress " + ingress) && e.annotation().equals(annotation))
        .map(Report.Entry::outcome)
        .findFirst()
        .orElseThrow(() -> new AssertionError(annotation + " not in\n" + r.report().text()));
  }
}
