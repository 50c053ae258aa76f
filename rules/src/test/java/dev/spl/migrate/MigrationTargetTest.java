package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.IngressNginxMigration.Source;
import dev.spl.migrate.Report.Entry;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.FieldPath;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spl migrate ingress-nginx --to: affinity where each implementation honours it (issue 29). */
class MigrationTargetTest {
  private static Result migrate(MigrationTarget target, String ingresses, String routes) {
    return IngressNginxMigration.run(
        List.of(new Source("ingress.yaml", ingresses)),
        routes == null ? List.of() : List.of(new Source("routes.yaml", routes)),
        GatewayApiVersion.V1_6,
        null,
        target);
  }

  private static List<Resource> written(Result r) {
    return new ManifestLoader().loadText("out.yaml", r.yaml()).resources();
  }

  private static Resource only(Result r, String kind) {
    List<Resource> of = written(r).stream().filter(x -> x.kind().equals(kind)).toList();
    assertEquals(1, of.size(), kind + " in\n" + r.yaml());
    return of.get(0);
  }

  /** The scalar at a dotted path, numbers being list indexes. */
  private static String at(Resource r, String dotted) {
    Object[] segments =
        java.util.Arrays.stream(dotted.split("\\."))
            .map(x -> x.matches("\\d+") ? (Object) Integer.valueOf(x) : x)
            .toArray();
    dev.spl.model.Node node = r.nodeAt(FieldPath.of(segments));
    return node == null ? null : dev.spl.model.ScalarNode.text(node);
  }

  private static Entry line(Result r, String annotation) {
    return r.report().entries().stream()
        .filter(e -> e.annotation().equals(annotation))
        .findFirst()
        .orElseThrow(() -> new AssertionError(annotation + " not in\n" + r.report().text()));
  }

  /** The parsed value of a TargetGroupConfiguration attribute: a String, not what it spells. */
  private static Object attributeValue(Resource config, int index) {
    return ((dev.spl.model.ScalarNode)
            config.nodeAt(
                FieldPath.of(
                    "spec", "defaultConfiguration", "targetGroupAttributes", index, "value")))
        .value();
  }

  /** Every object written passes spl lint without an error or a warning. */
  private static void lintsClean(Result r) {
    lintsClean(r, LintOptions.defaults());
  }

  private static void lintsClean(Result r, LintOptions options) {
    assertTrue(r.introducedErrors().isEmpty(), r.introducedErrors().toString());
    List<Finding> findings =
        new Engine().lint(new ManifestLoader().loadText("out.yaml", r.yaml()), options).findings();
    assertEquals(List.of(), findings, r.yaml());
  }

  @Test
  void istioGetsADestinationRuleHashingOnTheCookieAndRoutesWithoutPersistence() {
    Result r = migrate(MigrationTarget.ISTIO, IngressNginxMigrationTest.EXAMPLE, null);
    Resource route = only(r, "HTTPRoute");
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    assertEquals("http-svc", at(route, "spec.rules.0.backendRefs.0.name"));
    Resource rule = only(r, "DestinationRule");
    assertEquals("http-svc", at(rule, "spec.host")); // the Ingress names no namespace
    String cookie = "spec.trafficPolicy.portLevelSettings.0.loadBalancer.consistentHash.httpCookie";
    assertEquals("80", at(rule, "spec.trafficPolicy.portLevelSettings.0.port.number"));
    assertEquals("route", at(rule, cookie + ".name"));
    assertEquals("172800s", at(rule, cookie + ".ttl"));
    // the comment above it says what the ttl is, not that the cookie is a session cookie
    assertTrue(r.yaml().contains("(its ttl is nginx's cookie lifetime)"), r.yaml());
    assertFalse(r.yaml().contains("a session cookie"), r.yaml());
    String session =
        migrate(
                MigrationTarget.ISTIO,
                IngressNginxMigrationTest.EXAMPLE
                    .replace("nginx.ingress.kubernetes.io/session-cookie-expires: \"172800\"", "")
                    .replace("nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"", ""),
                null)
            .yaml();
    assertTrue(session.contains("(a ttl of 0s: a session cookie)"), session);
    assertEquals(Outcome.APPROXIMATED, line(r, "affinity").outcome());
    assertTrue(line(r, "session-cookie-max-age").text().contains("ttl 172800s"));
    assertEquals(Outcome.NOTE, line(r, "target").outcome());
    assertFalse(r.report().incomplete(), r.report().text());
    lintsClean(r);
  }

  @Test
  void aSessionCookieIsTtlZeroAndThePathIsCarried() {
    String ingress =
        IngressNginxMigrationTest.EXAMPLE
            .replace(
                "    nginx.ingress.kubernetes.io/session-cookie-expires: \"172800\"\n"
                    + "    nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"\n",
                "    nginx.ingress.kubernetes.io/session-cookie-path: /shop\n")
            .replace("  name: nginx-test\n", "  name: nginx-test\n  namespace: shop\n");
    Result r = migrate(MigrationTarget.ISTIO, ingress, null);
    Resource rule = only(r, "DestinationRule");
    assertEquals("http-svc.shop.svc.cluster.local", at(rule, "spec.host"));
    assertEquals("shop", rule.namespace());
    String cookie = "spec.trafficPolicy.portLevelSettings.0.loadBalancer.consistentHash.httpCookie";
    assertEquals("0s", at(rule, cookie + ".ttl"));
    assertEquals("/shop", at(rule, cookie + ".path"));
    assertEquals(Outcome.MAPPED, line(r, "session-cookie-path").outcome());
    lintsClean(r);
  }

  @Test
  void gkeGetsABackendPolicyWithTheLoadBalancersCookie() {
    Result r = migrate(MigrationTarget.GKE, IngressNginxMigrationTest.EXAMPLE, null);
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    Resource policy = only(r, "GCPBackendPolicy");
    assertEquals("http-svc", at(policy, "spec.targetRef.name"));
    assertEquals("Service", at(policy, "spec.targetRef.kind"));
    assertEquals("GENERATED_COOKIE", at(policy, "spec.default.sessionAffinity.type"));
    assertEquals("172800", at(policy, "spec.default.sessionAffinity.cookieTtlSec"));
    // the cookie's name cannot be carried: the load balancer names it
    assertEquals(Outcome.NOT_CARRIED, line(r, "session-cookie-name").outcome());
    assertTrue(r.report().incomplete());
    lintsClean(r);
  }

  @Test
  void gkeClampsALifetimeLongerThanItTakes() {
    String ingress =
        IngressNginxMigrationTest.EXAMPLE.replace("\"172800\"", "\"2592000\""); // 30 days
    Result r = migrate(MigrationTarget.GKE, ingress, null);
    Resource policy = only(r, "GCPBackendPolicy");
    assertEquals("1209600", at(policy, "spec.default.sessionAffinity.cookieTtlSec"));
    assertFalse(r.yaml().contains("a session cookie"), r.yaml());
    assertTrue(r.yaml().contains("its cookieTtlSec is nginx's cookie lifetime"), r.yaml());
    assertEquals(Outcome.APPROXIMATED, line(r, "session-cookie-max-age").outcome());
    lintsClean(r);
  }

  @Test
  void targetsThatHonourRoutePersistenceKeepItAndSayWhatTheyNeed() {
    for (MigrationTarget t :
        List.of(
            MigrationTarget.ENVOY_GATEWAY,
            MigrationTarget.KGATEWAY,
            MigrationTarget.CILIUM,
            MigrationTarget.NGINX_GATEWAY_FABRIC)) {
      Result r = migrate(t, IngressNginxMigrationTest.EXAMPLE, null);
      Result plain = migrate(MigrationTarget.GATEWAY_API, IngressNginxMigrationTest.EXAMPLE, null);
      assertEquals(plain.yaml(), r.yaml(), t.id());
      assertTrue(line(r, "target").text().startsWith(t.product()), t.id());
    }
    Result ngf =
        migrate(MigrationTarget.NGINX_GATEWAY_FABRIC, IngressNginxMigrationTest.EXAMPLE, null);
    assertTrue(line(ngf, "target").text().contains("NGINX Plus"));
    assertTrue(
        migrate(MigrationTarget.GATEWAY_API, IngressNginxMigrationTest.EXAMPLE, null)
            .report()
            .entries()
            .stream()
            .noneMatch(e -> e.annotation().equals("target")),
        "the default says nothing of an implementation");
  }

  @Test
  void targetsSettingEveryCookieOnRootGiveEachRouteItsOwnName() {
    // two applications' Ingresses on one host, one cookie name: nginx scoped each cookie to its
    // location; Envoy Gateway (v1.10+) and kgateway put both on Path=/, where they would collide
    String second =
        IngressNginxMigrationTest.EXAMPLE
            .replace("name: nginx-test", "name: admin")
            .replace("path: /", "path: /admin")
            .replace("name: http-svc", "name: admin-svc");
    String both = IngressNginxMigrationTest.EXAMPLE + "---\n" + second;
    for (MigrationTarget t : List.of(MigrationTarget.ENVOY_GATEWAY, MigrationTarget.KGATEWAY)) {
      Result r = migrate(t, both, null);
      List<String> names =
          written(r).stream()
              .filter(x -> x.kind().equals("HTTPRoute"))
              .map(x -> at(x, "spec.rules.0.sessionPersistence.sessionName"))
              .toList();
      assertEquals(List.of("route", "route-admin-svc"), names, t.id() + "\n" + r.yaml());
      assertTrue(
          r.report().entries().stream()
              .anyMatch(
                  e ->
                      e.annotation().equals("session-cookie-name")
                          && e.text().contains("written as route-admin-svc")
                          && e.text().contains("Path=/ (SPL135)")),
          r.report().text());
      lintsClean(r, LintOptions.defaults().withVersion(GatewayApiVersion.V1_6));
    }
    // a target that scopes the cookie by the match keeps the name nginx gave
    Result ngf = migrate(MigrationTarget.NGINX_GATEWAY_FABRIC, both, null);
    assertFalse(ngf.yaml().contains("route-admin-svc"), ngf.yaml());
  }

  @Test
  void targetsWithTheirOwnObjectsSpeakTheirOwnFields() {
    // EXAMPLE sets expires and max-age: neither line may name Gateway API's fields
    for (MigrationTarget t :
        List.of(
            MigrationTarget.ISTIO,
            MigrationTarget.GKE,
            MigrationTarget.TRAEFIK,
            MigrationTarget.AWS)) {
      Result r = migrate(t, IngressNginxMigrationTest.EXAMPLE, null);
      String text = r.report().text();
      assertFalse(text.contains("absoluteTimeout"), t.id() + "\n" + text);
      assertFalse(text.contains("lifetimeType"), t.id() + "\n" + text);
      assertTrue(
          line(r, "session-cookie-expires").text().contains("superseded by max-age"),
          t.id() + "\n" + text);
    }
    // an Ingress's TLS has no place on a route, and the report says so
    String withTls =
        IngressNginxMigrationTest.EXAMPLE.replace(
            "  rules:\n",
            "  tls: [{hosts: [stickyingress.example.com], secretName: sticky-tls}]\n  rules:\n");
    assertTrue(withTls.contains("sticky-tls"), withTls);
    Entry tls = line(migrate(MigrationTarget.GATEWAY_API, withTls, null), "spec.tls");
    assertEquals(Outcome.NOTE, tls.outcome());
    assertTrue(tls.text().contains("certificateRefs sticky-tls"), tls.text());
    // the Gateway API target keeps them: they are its fields
    Result gep = migrate(MigrationTarget.GATEWAY_API, IngressNginxMigrationTest.EXAMPLE, null);
    assertTrue(gep.report().text().contains("absoluteTimeout"), gep.report().text());
  }

  @Test
  void givenRoutesStayAsTheyAreWhenTheTargetKeepsItsOwnObject() {
    Result r =
        migrate(
            MigrationTarget.ISTIO,
            IngressNginxMigrationTest.EXAMPLE,
            IngressNginxMigrationTest.ROUTES);
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    assertTrue(r.yaml().contains("# reviewed by the platform team"), r.yaml());
    assertEquals(0, r.routesTouched());
    only(r, "DestinationRule");
  }

  @Test
  void twoIngressesAskingOneServicePortForDifferentCookiesKeepTheFirst() {
    String second =
        IngressNginxMigrationTest.EXAMPLE
            .replace("name: nginx-test", "name: nginx-other")
            .replace("\"route\"", "\"other\"")
            .replace("stickyingress.example.com", "other.example.com");
    Result r =
        migrate(MigrationTarget.ISTIO, IngressNginxMigrationTest.EXAMPLE + "---\n" + second, null);
    Resource rule = only(r, "DestinationRule");
    String cookie = "spec.trafficPolicy.portLevelSettings.0.loadBalancer.consistentHash.httpCookie";
    assertEquals("route", at(rule, cookie + ".name"));
    Entry other =
        r.report().entries().stream()
            .filter(e -> e.ingress().contains("nginx-other") && e.annotation().equals("affinity"))
            .findFirst()
            .orElseThrow();
    assertEquals(Outcome.NOT_CARRIED, other.outcome(), r.report().text());
    assertTrue(other.text().contains("http-svc-sticky"), other.text());
    Entry otherName =
        r.report().entries().stream()
            .filter(
                e ->
                    e.ingress().contains("nginx-other")
                        && e.annotation().equals("session-cookie-name"))
            .findFirst()
            .orElseThrow();
    assertEquals(Outcome.NOT_CARRIED, otherName.outcome(), "its cookie's name is not written");
    lintsClean(r);
  }

  @Test
  void traefikGetsAStickyTraefikServiceThatTheRouteRuleNames() {
    String ingress =
        IngressNginxMigrationTest.EXAMPLE.replace(
            "    nginx.ingress.kubernetes.io/session-cookie-expires: \"172800\"\n",
            "    nginx.ingress.kubernetes.io/session-cookie-samesite: Strict\n"
                + "    nginx.ingress.kubernetes.io/session-cookie-secure: \"true\"\n");
    Result r = migrate(MigrationTarget.TRAEFIK, ingress, null);
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    Resource route = only(r, "HTTPRoute");
    assertEquals("TraefikService", at(route, "spec.rules.0.backendRefs.0.kind"));
    assertEquals("traefik.io", at(route, "spec.rules.0.backendRefs.0.group"));
    assertEquals("http-svc-80-sticky", at(route, "spec.rules.0.backendRefs.0.name"));
    assertEquals(null, at(route, "spec.rules.0.backendRefs.0.port"));
    Resource service = only(r, "TraefikService");
    assertEquals("http-svc-80-sticky", service.name());
    String child = "spec.weighted.services.0";
    assertEquals("http-svc", at(service, child + ".name"));
    assertEquals("80", at(service, child + ".port"));
    assertEquals("route", at(service, child + ".sticky.cookie.name"));
    assertEquals("172800", at(service, child + ".sticky.cookie.maxAge"));
    assertEquals("strict", at(service, child + ".sticky.cookie.sameSite"));
    assertEquals("true", at(service, child + ".sticky.cookie.secure"));
    assertEquals("true", at(service, child + ".sticky.cookie.httpOnly"));
    assertEquals(Outcome.MAPPED, line(r, "affinity").outcome());
    assertEquals(Outcome.MAPPED, line(r, "session-cookie-samesite").outcome());
    assertFalse(r.report().incomplete(), r.report().text());
    lintsClean(r);
  }

  @Test
  void traefikNamesItsTraefikServiceOnGivenRoutesToo() {
    Result r =
        migrate(
            MigrationTarget.TRAEFIK,
            IngressNginxMigrationTest.EXAMPLE,
            IngressNginxMigrationTest.ROUTES);
    assertEquals(1, r.routesTouched());
    assertTrue(r.yaml().contains("# reviewed by the platform team"), r.yaml());
    Resource route = only(r, "HTTPRoute");
    assertEquals("http-svc-80-sticky", at(route, "spec.rules.0.backendRefs.0.name"));
    assertEquals("static", at(route, "spec.rules.1.backendRefs.0.name"), "other rules untouched");
    only(r, "TraefikService");
    lintsClean(r);
  }

  @Test
  void awsGetsATargetGroupConfigurationWithPodsAndTheLoadBalancersCookie() {
    Result r = migrate(MigrationTarget.AWS, IngressNginxMigrationTest.EXAMPLE, null);
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    Resource config = only(r, "TargetGroupConfiguration");
    assertEquals("http-svc", at(config, "spec.targetReference.name"));
    assertEquals("ip", at(config, "spec.defaultConfiguration.targetType"));
    String attributes = "spec.defaultConfiguration.targetGroupAttributes.";
    assertEquals("stickiness.enabled", at(config, attributes + "0.key"));
    // strings, as the CRD's value is: "true" and "172800" must not become a bool and an int
    assertEquals("true", attributeValue(config, 0));
    assertEquals("lb_cookie", at(config, attributes + "1.value"));
    assertEquals("stickiness.lb_cookie.duration_seconds", at(config, attributes + "2.key"));
    assertEquals("172800", attributeValue(config, 2));
    assertEquals(Outcome.MAPPED, line(r, "affinity").outcome());
    assertEquals(Outcome.NOT_CARRIED, line(r, "session-cookie-name").outcome());
    lintsClean(r);
  }

  @Test
  void awsCapsTheDurationAndSaysASessionCookieExpires() {
    Result longer =
        migrate(
            MigrationTarget.AWS,
            IngressNginxMigrationTest.EXAMPLE.replace("\"172800\"", "\"2592000\""),
            null);
    assertEquals(
        "604800",
        at(
            only(longer, "TargetGroupConfiguration"),
            "spec.defaultConfiguration.targetGroupAttributes.2.value"));
    assertEquals(Outcome.APPROXIMATED, line(longer, "session-cookie-max-age").outcome());
    Result session =
        migrate(
            MigrationTarget.AWS,
            IngressNginxMigrationTest.EXAMPLE
                .replace("    nginx.ingress.kubernetes.io/session-cookie-expires: \"172800\"\n", "")
                .replace(
                    "    nginx.ingress.kubernetes.io/session-cookie-max-age: \"172800\"\n", ""),
            null);
    assertEquals(
        null,
        at(
            only(session, "TargetGroupConfiguration"),
            "spec.defaultConfiguration.targetGroupAttributes.2.key"),
        "no duration: ALB's default");
    assertEquals(Outcome.APPROXIMATED, line(session, "session-cookie-max-age").outcome());
    lintsClean(session);
  }

  @Test
  void everyTargetHasAnIdUsersType() {
    assertEquals(MigrationTarget.ISTIO, MigrationTarget.byId("istio").orElseThrow());
    assertTrue(MigrationTarget.byId("Istio").isEmpty());
    assertEquals(
        MigrationTarget.values().length, MigrationTarget.ids().stream().distinct().count());
  }
}
