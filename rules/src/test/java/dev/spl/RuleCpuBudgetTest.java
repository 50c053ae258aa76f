package dev.spl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.rules.Rule;
import dev.spl.schema.GatewayApiVersion;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No input costs more than linear time in any rule: every rule runs over objects whose strings are
 * long adversarial shapes (digit runs ending in another character, long repeats, thousands of
 * annotations), in every field the rules read, under a CPU budget measured on this thread. A rule
 * with a backtracking regex or a per-finding rescan takes minutes here, not milliseconds.
 */
class RuleCpuBudgetTest {
  /** Values that make backtracking or rescanning code slow, each ~120,000 characters. */
  static List<String> adversarial() {
    return List.of(
        "1".repeat(120_000) + "x",
        "0".repeat(120_000) + "x",
        "-" + "1".repeat(120_000) + "-",
        "1h".repeat(60_000) + "x",
        "a".repeat(120_000) + "!",
        "/".repeat(120_000) + " ",
        " ".repeat(120_000) + "1",
        "k=v, ".repeat(30_000) + ",=");
  }

  private static final String[] NGINX =
      new String[] {
        "affinity",
        "affinity-mode",
        "session-cookie-name",
        "session-cookie-path",
        "session-cookie-max-age",
        "session-cookie-expires",
        "session-cookie-samesite",
        "session-cookie-secure",
        "use-regex",
        "service-upstream",
        "canary"
      };

  static String objects(String v) {
    String q = "'" + v + "'";
    StringBuilder ingress =
        new StringBuilder(
            "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: i\n"
                + "  namespace: shop\n  annotations:\n"
                + "    nginx.ingress.kubernetes.io/affinity: cookie\n");
    for (String a : NGINX) {
      if (!a.equals("affinity")) {
        ingress
            .append("    nginx.ingress.kubernetes.io/")
            .append(a)
            .append(": ")
            .append(q)
            .append('\n');
      }
    }
    ingress
        .append("    traefik.ingress.kubernetes.io/service.sticky.cookie.name: ")
        .append(q)
        .append("\nspec:\n  ingressClassName: nginx\n  rules:\n  - host: ")
        .append(q)
        .append("\n    http:\n      paths:\n      - {path: ")
        .append(q)
        .append(", pathType: Exact, backend: {service: {name: web, port: {number: 80}}}}\n---\n");
    // the AWS Load Balancer Controller's comma-separated attribute list (SPL601)
    ingress
        .append("apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: alb\n")
        .append("  namespace: shop\n  annotations:\n")
        .append("    alb.ingress.kubernetes.io/target-group-attributes: ")
        .append(q)
        .append("\n    alb.ingress.kubernetes.io/target-type: ")
        .append(q)
        .append("\nspec:\n  ingressClassName: alb\n  rules:\n  - http:\n      paths:\n")
        .append(
            "      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}\n---\n");
    return ingress
        + """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          parentRefs: [{name: gw}]
          hostnames: [%s]
          rules:
          - matches: [{path: {type: PathPrefix, value: %s}}]
            backendRefs: [{name: web, port: 80}]
            sessionPersistence:
              sessionName: %s
              absoluteTimeout: %s
              cookieConfig: {lifetimeType: %s}
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: web
          namespace: shop
          annotations:
            traefik.ingress.kubernetes.io/service.sticky.cookie: %s
            traefik.ingress.kubernetes.io/service.nativelb: %s
        spec:
          sessionAffinity: %s
          sessionAffinityConfig: {clientIP: {timeoutSeconds: %s}}
        ---
        apiVersion: networking.istio.io/v1
        kind: DestinationRule
        metadata: {name: d, namespace: shop}
        spec:
          host: %s
          trafficPolicy:
            loadBalancer:
              consistentHash: {httpCookie: {name: %s, ttl: %s, path: %s}}
        """
            .formatted(q, q, q, q, q, q, q, q, q, q, q, q, q);
  }

  /** A route with 10,000 suppression annotations of unknown rules beside a real error. */
  static String manyAnnotations() {
    StringBuilder b =
        new StringBuilder(
            "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\n"
                + "metadata:\n  name: r\n  namespace: shop\n  annotations:\n");
    for (int i = 0; i < 10_000; i++) {
      b.append("    ignore.spl.dev/x").append(i).append(": ''\n");
    }
    b.append(
        "spec:\n  rules:\n  - backendRefs: [{name: web, port: 80}]\n"
            + "    sessionPersistence: {sessionName: s, absoluteTimeout: 1d}\n");
    return b.toString();
  }

  @Test
  void everyRuleIsLinearOnAdversarialStrings() {
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    List<String> inputs = new ArrayList<>();
    for (String v : adversarial()) {
      inputs.add(objects(v));
    }
    inputs.add(manyAnnotations());
    Engine engine = new Engine(BuiltInRules.all());
    for (GatewayApiVersion version : List.of(GatewayApiVersion.V1_6, GatewayApiVersion.MAIN)) {
      for (String yaml : inputs) {
        var loaded = new ManifestLoader().loadText("adversarial.yaml", yaml);
        long start = cpu.getCurrentThreadCpuTime();
        List<Finding> found =
            engine.lint(loaded, LintOptions.defaults().withVersion(version)).findings();
        long millis = (cpu.getCurrentThreadCpuTime() - start) / 1_000_000;
        // about 1 MiB of input per run: linear work is well under a second even on a loaded CI
        // machine; the quadratic cases took from 7 s to minutes
        assertTrue(
            millis < 2_000,
            version
                + ": "
                + millis
                + " ms CPU on "
                + yaml.substring(0, 60)
                + "... "
                + found.size());
        if (yaml.contains("'1111") && version == GatewayApiVersion.V1_6) {
          // the shapes reached the rules: the lifetime and duration checks ran on them
          List<String> ids = found.stream().map(Finding::ruleId).distinct().toList();
          assertTrue(ids.contains("SPL202") && ids.contains("SPL021"), ids.toString());
        }
      }
    }
    assertTrue(BuiltInRules.all().stream().map(Rule::info).count() > 40, "every rule ran");
  }

  @Test
  void loadingIsLinearToo() {
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    for (String v : adversarial()) {
      String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: " + v + "}\n";
      long start = cpu.getCurrentThreadCpuTime();
      new ManifestLoader().loadText("c.yaml", yaml);
      long millis = (cpu.getCurrentThreadCpuTime() - start) / 1_000_000;
      assertTrue(millis < 2_000, millis + " ms CPU to load " + v.substring(0, 10) + "...");
    }
  }

  @Test
  void findingsOfOneRuleOnOneObjectAreBounded() {
    // 10,000 suppressions of rules that do not exist: SPL003 reports each, up to the bound
    List<Finding> found =
        new Engine()
            .lint(
                new ManifestLoader().loadText("a.yaml", manyAnnotations()),
                LintOptions.defaults().withVersion(GatewayApiVersion.V1_6))
            .findings();
    List<Finding> spl003 = found.stream().filter(f -> f.ruleId().equals("SPL003")).toList();
    assertTrue(spl003.size() == 51, spl003.size() + " SPL003 findings");
    assertTrue(
        spl003.stream().anyMatch(f -> f.message().contains("more SPL003 findings on this object")),
        spl003.get(spl003.size() - 1).message());
    // the route's real error is still found
    assertTrue(found.stream().anyMatch(f -> f.ruleId().equals("SPL021")), found.toString());
  }
}
