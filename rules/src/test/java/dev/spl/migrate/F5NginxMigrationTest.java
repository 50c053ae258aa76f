package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.IngressNginxMigration.Source;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * spl migrate ingress-nginx --to f5-nginx: the Ingresses kept, ingress-nginx's cookie written as
 * nginx's sticky cookie in nginx.org/sticky-cookie-services (the value's shape from
 * nginx/kubernetes-ingress internal/configs/annotations_test.go: "serviceName=service-1 srv_id
 * expires=1h path=/").
 */
class F5NginxMigrationTest {
  private static final String SHOP = KeptIngresses.SHOP;

  private static Result migrate(String yaml) {
    return KeptIngresses.migrate(yaml, MigrationTarget.F5_NGINX);
  }

  private static Outcome outcome(Result r, String ingress, String annotation) {
    return KeptIngresses.outcome(r, ingress, annotation);
  }

  private static String sticky(Result r, int document) {
    List<Resource> out = new ManifestLoader().loadText("out.yaml", r.yaml()).resources();
    return ScalarNode.text(out.get(document).annotations().get(F5NginxMigration.ANNOTATION));
  }

  @Test
  void writesNginxsStickyCookieWithIngressNginxsNameLifetimePathAndAttributes() {
    Result r = migrate(SHOP);
    assertEquals(
        "serviceName=shop SHOP expires=3600s httponly samesite=lax secure path=/shop",
        sticky(r, 0));
    assertEquals(1, r.routesTouched(), "one annotation written");
    assertEquals(Outcome.MAPPED, outcome(r, "web/shop", "session-cookie-max-age"));
    assertEquals(Outcome.MAPPED, outcome(r, "web/shop", "spec.tls"));
    assertEquals(Outcome.APPROXIMATED, outcome(r, "web/shop", "affinity-mode"));
    assertEquals(
        Outcome.NOT_CARRIED, outcome(r, "web/shop", "session-cookie-conditional-samesite-none"));
    assertEquals(Outcome.NOT_CARRIED, outcome(r, "web/shop-canary", "canary"));
    assertEquals(Outcome.MAPPED, outcome(r, "web/shop", "session-cookie-change-on-failure"));
    assertEquals(Outcome.NOT_CARRIED, outcome(r, "web/shop-canary", "affinity-canary-behavior"));
    assertTrue(r.yaml().contains("nginx.ingress.kubernetes.io/affinity: cookie"), r.yaml());
    assertTrue(r.introducedErrors().isEmpty(), r.introducedErrors().toString());
    assertTrue(r.report().incomplete());
  }

  @Test
  void everyServiceOfTheIngressIsStickyAndSeveralPathsShareTheRoot() {
    Result r =
        migrate(
            """
            apiVersion: networking.k8s.io/v1
            kind: Ingress
            metadata:
              name: two
              annotations:
                nginx.ingress.kubernetes.io/affinity: cookie
                nginx.ingress.kubernetes.io/affinity-mode: persistent
            spec:
              rules:
              - http:
                  paths:
                  - {path: /a, pathType: Prefix, backend: {service: {name: a, port: {number: 80}}}}
                  - {path: /b, pathType: Prefix, backend: {service: {name: b, port: {number: 80}}}}
            """);
    assertEquals(
        "serviceName=a INGRESSCOOKIE httponly path=/;serviceName=b INGRESSCOOKIE httponly path=/",
        sticky(r, 0));
    assertEquals(Outcome.APPROXIMATED, outcome(r, "default/two", "session-cookie-path"));
    assertEquals(Outcome.MAPPED, outcome(r, "default/two", "affinity-mode"));
    assertEquals(Outcome.NOTE, outcome(r, "default/two", "session-cookie-name"));
  }

  @Test
  void anExistingStickyAnnotationIsKeptAndACharacterNginxRefusesIsNotWritten() {
    Result kept =
        migrate(
            SHOP.replace(
                "nginx.ingress.kubernetes.io/affinity: cookie",
                "nginx.ingress.kubernetes.io/affinity: cookie\n"
                    + "    nginx.com/sticky-cookie-services: \"serviceName=shop srv_id\""));
    assertEquals(Outcome.NOTE, outcome(kept, "web/shop", "affinity"));
    assertEquals(0, kept.routesTouched());
    Result refused =
        migrate(
            SHOP.replace("session-cookie-max-age: \"3600\"", "session-cookie-path: \"/shop$\""));
    assertEquals(Outcome.NOT_CARRIED, outcome(refused, "web/shop", "affinity"));
    assertEquals(0, refused.routesTouched());
  }

  @Test
  void anF5IngressClassInTheInputChoosesF5() {
    TargetInference.Inference inferred =
        TargetInference.infer(
            List.of(
                new Source(
                    "class.yaml",
                    """
                    apiVersion: networking.k8s.io/v1
                    kind: IngressClass
                    metadata: {name: nginx-f5}
                    spec: {controller: nginx.org/ingress-controller}
                    """)),
            null);
    assertEquals(MigrationTarget.F5_NGINX, inferred.target());
    assertTrue(inferred.because().contains("IngressClass nginx-f5"), inferred.because());
  }
}
