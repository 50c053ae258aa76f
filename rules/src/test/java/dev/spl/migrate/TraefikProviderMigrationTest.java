package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spl migrate ingress-nginx --to traefik-ingress-nginx: the Ingresses kept, their cookie kept. */
class TraefikProviderMigrationTest {
  private static final String SHOP = KeptIngresses.SHOP;

  private static Result migrate(String yaml) {
    return KeptIngresses.migrate(yaml, MigrationTarget.TRAEFIK_INGRESS_NGINX);
  }

  private static Outcome outcome(Result r, String ingress, String annotation) {
    return KeptIngresses.outcome(r, ingress, annotation);
  }

  @Test
  void keepsTheIngressesAndWritesWhatKeepsNginxsCookie() {
    Result r = migrate(SHOP);
    List<Resource> out = new ManifestLoader().loadText("out.yaml", r.yaml()).resources();
    assertEquals(2, out.size(), r.yaml());
    Resource shop = out.get(0);
    assertEquals(
        "true",
        dev.spl.model.ScalarNode.text(
            shop.annotations().get("nginx.ingress.kubernetes.io/session-cookie-secure")));
    assertEquals(
        "/shop",
        dev.spl.model.ScalarNode.text(
            shop.annotations().get("nginx.ingress.kubernetes.io/session-cookie-path")));
    assertEquals(2, r.routesTouched(), "two annotations written");
    assertEquals(Outcome.MAPPED, outcome(r, "web/shop", "session-cookie-name"));
    assertEquals(Outcome.APPROXIMATED, outcome(r, "web/shop", "affinity-mode"));
    assertEquals(Outcome.NOT_CARRIED, outcome(r, "web/shop", "session-cookie-change-on-failure"));
    assertEquals(
        Outcome.NOT_CARRIED, outcome(r, "web/shop", "session-cookie-conditional-samesite-none"));
    assertEquals(Outcome.NOT_CARRIED, outcome(r, "web/shop-canary", "affinity-canary-behavior"));
    assertTrue(r.report().incomplete());
  }

  @Test
  void whatItWritesLeavesSpl505OnlyWhatItCouldNotCarry() {
    Result r = migrate(SHOP);
    LintOptions traefik = dev.spl.Lint.servedByTraefik("v3.7");
    List<Finding> before =
        new Engine().lint(new ManifestLoader().loadText("in.yaml", SHOP), traefik).findings();
    List<Finding> after =
        new Engine().lint(new ManifestLoader().loadText("out.yaml", r.yaml()), traefik).findings();
    assertEquals(
        List.of(
            "SPL505 metadata.annotations[\"nginx.ingress.kubernetes.io/affinity\"]",
            "SPL505 metadata.annotations[\"nginx.ingress.kubernetes.io/session-cookie-change-on-failure\"]",
            "SPL505 metadata.annotations[\"nginx.ingress.kubernetes.io/session-cookie-conditional-samesite-none\"]",
            "SPL505 spec.tls"),
        before.stream().map(f -> f.ruleId() + " " + f.field()).sorted().toList());
    assertEquals(
        List.of(
            "SPL505 metadata.annotations[\"nginx.ingress.kubernetes.io/session-cookie-change-on-failure\"]",
            "SPL505 metadata.annotations[\"nginx.ingress.kubernetes.io/session-cookie-conditional-samesite-none\"]"),
        after.stream().map(f -> f.ruleId() + " " + f.field()).sorted().toList(),
        r.yaml());
  }

  @Test
  void severalPathsCannotAllBeKept() {
    String twoPaths =
        SHOP.substring(0, SHOP.indexOf("---"))
            .replace(
                "      - path: /shop\n",
                "      - path: /cart\n        pathType: Prefix\n        backend: {service: {name: shop,"
                    + " port: {number: 80}}}\n      - path: /shop\n");
    Result r = migrate(twoPaths);
    assertEquals(Outcome.APPROXIMATED, outcome(r, "web/shop", "session-cookie-path"), r.yaml());
    assertTrue(!r.yaml().contains("session-cookie-path"), r.yaml());
  }

  @Test
  void anIngressWithoutANameIsKeptAndSaidSo() {
    Result r =
        migrate(
            """
            apiVersion: networking.k8s.io/v1
            kind: Ingress
            metadata:
              annotations:
                nginx.ingress.kubernetes.io/affinity: cookie
            spec:
              defaultBackend: {service: {name: shop, port: {number: 80}}}
            """);
    assertTrue(
        r.report().entries().stream()
            .anyMatch(
                e ->
                    e.outcome() == Outcome.NOTE
                        && e.text().contains("(without metadata.name?) is kept as written")),
        r.report().text());
    assertTrue(r.yaml().contains("affinity: cookie"), r.yaml());
  }

  @Test
  void anAffinityOtherThanCookieIsNotCarried() {
    Result r =
        migrate(
            SHOP.replace(
                "nginx.ingress.kubernetes.io/affinity: cookie",
                "nginx.ingress.kubernetes.io/affinity: ip"));
    assertEquals(Outcome.NOT_CARRIED, outcome(r, "web/shop", "affinity"));
    assertTrue(r.report().text().contains("\"ip\" is not cookie"), r.report().text());
  }
}
