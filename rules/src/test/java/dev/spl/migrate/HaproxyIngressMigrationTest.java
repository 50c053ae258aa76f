package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.MapNode;
import dev.spl.model.ScalarNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * spl migrate ingress-nginx --to haproxy-ingress: the Ingresses kept, ingress-nginx's cookie
 * written as haproxy-ingress.github.io/ affinity annotations; the cookie line they give was checked
 * with Debian's HAProxy 2.6 ("cookie SHOP insert indirect nocache httponly attr SameSite=Lax attr
 * Max-Age=3600" sets "SHOP=s1; path=/; HttpOnly; SameSite=Lax; Max-Age=3600").
 */
class HaproxyIngressMigrationTest {
  private static Result migrate(String yaml) {
    return KeptIngresses.migrate(yaml, MigrationTarget.HAPROXY_INGRESS);
  }

  private static Outcome outcome(Result r, String ingress, String annotation) {
    return KeptIngresses.outcome(r, ingress, annotation);
  }

  private static String annotation(Result r, String key) {
    MapNode annotations =
        new ManifestLoader().loadText("out.yaml", r.yaml()).resources().get(0).annotations();
    return ScalarNode.text(annotations.get(HaproxyIngressMigration.PREFIX + key));
  }

  @Test
  void writesHaproxyIngressAffinityWithIngressNginxsNameLifetimeAndAttributes() {
    Result r = migrate(KeptIngresses.SHOP);
    assertEquals("cookie", annotation(r, "affinity"));
    assertEquals("SHOP", annotation(r, "session-cookie-name"));
    assertEquals(
        "indirect nocache httponly attr SameSite=Lax secure attr Max-Age=3600",
        annotation(r, "session-cookie-keywords"));
    assertEquals(3, r.routesTouched(), "three annotations written");
    assertEquals(Outcome.APPROXIMATED, outcome(r, "web/shop", "session-cookie-path"));
    assertEquals(Outcome.MAPPED, outcome(r, "web/shop", "session-cookie-change-on-failure"));
    assertEquals(
        Outcome.NOT_CARRIED, outcome(r, "web/shop", "session-cookie-conditional-samesite-none"));
    assertEquals(Outcome.NOT_CARRIED, outcome(r, "web/shop-canary", "canary"));
    assertTrue(r.introducedErrors().isEmpty(), r.introducedErrors().toString());
  }

  @Test
  void sameSiteNoneIsHaproxyIngresssOwnSwitchWhichBringsSecure() {
    Result r =
        migrate(
            KeptIngresses.SHOP.replace(
                "session-cookie-samesite: Lax", "session-cookie-samesite: None"));
    assertEquals("true", annotation(r, "session-cookie-same-site"));
    assertEquals(
        "indirect nocache httponly attr Max-Age=3600", annotation(r, "session-cookie-keywords"));
  }

  @Test
  void aPlainSessionCookieNeedsNoKeywords() {
    Result r =
        migrate(
            """
            apiVersion: networking.k8s.io/v1
            kind: Ingress
            metadata:
              name: plain
              annotations:
                nginx.ingress.kubernetes.io/affinity: cookie
                nginx.ingress.kubernetes.io/affinity-mode: persistent
            spec:
              defaultBackend: {service: {name: plain, port: {number: 80}}}
            """);
    assertEquals("cookie", annotation(r, "affinity"));
    assertEquals(null, annotation(r, "session-cookie-keywords"), "haproxy-ingress's default");
    assertEquals(Outcome.MAPPED, outcome(r, "default/plain", "affinity-mode"));
    assertEquals(Outcome.NOTE, outcome(r, "default/plain", "session-cookie-name"));
  }

  @Test
  void aHaproxyIngressClassInTheInputChoosesIt() {
    TargetInference.Inference inferred =
        TargetInference.infer(
            List.of(
                new IngressNginxMigration.Source(
                    "class.yaml",
                    """
                    apiVersion: networking.k8s.io/v1
                    kind: IngressClass
                    metadata: {name: haproxy}
                    spec: {controller: haproxy-ingress.github.io/controller}
                    """)),
            null);
    assertEquals(MigrationTarget.HAPROXY_INGRESS, inferred.target());
  }
}
