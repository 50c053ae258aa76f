package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * spl migrate ingress-nginx --to haproxy: the Ingresses kept for the HAProxy Kubernetes Ingress
 * Controller (haproxytech), the cookie written as haproxy.org/cookie-persistence on each backend
 * Service - the only place its current source reads it - and everything its fixed cookie line
 * ("insert indirect nocache dynamic") cannot say reported as not carried.
 */
class HaproxytechMigrationTest {
  private static final String SERVICES =
      """
      ---
      apiVersion: v1
      kind: Service
      metadata: {name: shop, namespace: web}
      spec:
        ports: [{port: 80}]
      """;

  private static Result migrate(String yaml) {
    return KeptIngresses.migrate(yaml, MigrationTarget.HAPROXY);
  }

  private static Resource object(Result r, String kind, String name) {
    return new ManifestLoader()
        .loadText("out.yaml", r.yaml()).resources().stream()
            .filter(o -> o.kind().equals(kind) && o.name().equals(name))
            .findFirst()
            .orElseThrow();
  }

  private static String cookieOn(Resource service) {
    return ScalarNode.text(service.annotations().get(HaproxytechMigration.ANNOTATION));
  }

  @Test
  void theCookieGoesOnTheBackendServiceAndWhatItsCookieLineCannotSayIsNotCarried() {
    Result r = migrate(KeptIngresses.SHOP + SERVICES);
    assertEquals("SHOP", cookieOn(object(r, Kinds.SERVICE, "shop")));
    assertEquals(
        null,
        object(r, Kinds.INGRESS, "shop").annotations().get(HaproxytechMigration.ANNOTATION),
        "the controller reads it from the Service only");
    assertEquals(1, r.routesTouched(), "one annotation written");
    assertEquals(Outcome.MAPPED, KeptIngresses.outcome(r, "web/shop", "affinity"));
    for (String lost :
        List.of(
            "session-cookie-max-age",
            "session-cookie-samesite",
            "spec.tls",
            "session-cookie-conditional-samesite-none")) {
      assertEquals(Outcome.NOT_CARRIED, KeptIngresses.outcome(r, "web/shop", lost), lost);
    }
    assertEquals(Outcome.APPROXIMATED, KeptIngresses.outcome(r, "web/shop", "session-cookie-path"));
    assertEquals(Outcome.APPROXIMATED, KeptIngresses.outcome(r, "web/shop", "affinity-mode"));
    assertEquals(Outcome.NOT_CARRIED, KeptIngresses.outcome(r, "web/shop-canary", "canary"));
    assertTrue(r.introducedErrors().isEmpty(), r.introducedErrors().toString());
  }

  @Test
  void aServiceOutsideTheInputIsNamedWithTheAnnotationToWrite() {
    Result r = migrate(KeptIngresses.SHOP);
    assertEquals(0, r.routesTouched());
    assertTrue(
        r.report().entries().stream()
            .anyMatch(
                e ->
                    e.outcome() == Outcome.NOT_CARRIED
                        && e.text()
                            .contains(
                                "Service web/shop is not in the input, so nothing pins it yet:"
                                    + " annotate it with haproxy.org/cookie-persistence: SHOP")),
        r.report().text());
  }

  @Test
  void twoIngressesWithDifferentCookiesOnOneServiceKeepTheFirstAndSaySo() {
    String second =
        KeptIngresses.SHOP
            .substring(0, KeptIngresses.SHOP.indexOf("---"))
            .replace("name: shop\n  namespace", "name: shop-api\n  namespace")
            .replace("session-cookie-name: SHOP", "session-cookie-name: API")
            .replace("path: /shop", "path: /api");
    Result r = migrate(KeptIngresses.SHOP + "---\n" + second + SERVICES);
    assertEquals("SHOP", cookieOn(object(r, Kinds.SERVICE, "shop")));
    assertTrue(
        r.report().entries().stream()
            .anyMatch(
                e ->
                    e.ingress().equals("Ingress web/shop-api")
                        && e.outcome() == Outcome.NOT_CARRIED
                        && e.text().endsWith("Ingress web/shop's SHOP is written, not API")),
        r.report().text());
  }

  @Test
  void aServiceAlreadyAnnotatedUnderAnyPrefixIsKept() {
    Result r =
        migrate(
            KeptIngresses.SHOP
                + SERVICES.replace(
                    "metadata: {name: shop, namespace: web}",
                    "metadata:\n  name: shop\n  namespace: web\n  annotations:\n"
                        + "    ingress.kubernetes.io/cookie-persistence-no-dynamic: OLD"));
    assertEquals(null, cookieOn(object(r, Kinds.SERVICE, "shop")));
    assertEquals(0, r.routesTouched());
  }

  @Test
  void anInputWithHaproxytechsIngressClassIsMigratedToIt() {
    String withClass =
        KeptIngresses.SHOP
            + """
            ---
            apiVersion: networking.k8s.io/v1
            kind: IngressClass
            metadata: {name: haproxy}
            spec: {controller: haproxy.org/ingress-controller}
            """;
    assertEquals(
        MigrationTarget.HAPROXY,
        TargetInference.infer(List.of(new IngressNginxMigration.Source("in.yaml", withClass)), null)
            .target());
  }
}
