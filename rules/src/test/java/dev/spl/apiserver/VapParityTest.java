package dev.spl.apiserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.RuleSelection;
import dev.spl.config.SplConfig;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.schema.GatewayApiVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The generated policies and spl lint cannot drift: every expression is compiled and run by
 * cel-java (an implementation other than the API server's cel-go) in the Kubernetes 1.30 CEL
 * environment spl writes for (object, oldObject, request; the strings extension; no optional
 * syntax), on every rule example and on generated variants, and must flag exactly the objects, with
 * exactly the rule ids, that spl lint reports for the covered rules.
 */
class VapParityTest {
  static final Path EXAMPLES = Path.of("..", "examples");

  static final CelCompiler COMPILER =
      CelCompilerFactory.standardCelCompilerBuilder()
          .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
          .addLibraries(CelExtensions.strings())
          .addVar("object", SimpleType.DYN)
          .addVar("oldObject", SimpleType.DYN)
          .addVar("request", SimpleType.DYN)
          .addVar("variables", SimpleType.DYN)
          .build();
  static final CelRuntime RUNTIME =
      CelRuntimeFactory.standardCelRuntimeBuilder().addLibraries(CelExtensions.strings()).build();
  static final Map<String, CelRuntime.Program> PROGRAMS =
      new java.util.concurrent.ConcurrentHashMap<>();

  static Object eval(String expression, Map<String, Object> vars) {
    try {
      CelRuntime.Program p = PROGRAMS.get(expression);
      if (p == null) {
        p = RUNTIME.createProgram(COMPILER.compile(expression).getAst());
        PROGRAMS.put(expression, p);
      }
      return p.eval(vars);
    } catch (Exception e) {
      throw new AssertionError("cannot evaluate: " + expression + ": " + e.getMessage(), e);
    }
  }

  /** What the API server would say of {@code r}: "SPLnnn kind ns/name" per failed validation. */
  static Set<String> apiServer(
      List<VapPolicies.Policy> policies, Resource r, List<String> messages) {
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) r.root().toPlain();
    Map<String, Object> request = new HashMap<>();
    request.put("kind", Map.of("group", r.group(), "version", "v1", "kind", r.kind()));
    request.put("namespace", r.namespace());
    request.put("name", r.name());
    request.put("operation", "CREATE");
    Map<String, Object> vars = new HashMap<>();
    vars.put("object", KubernetesCelNames.escaped(object));
    vars.put("oldObject", Map.of());
    vars.put("request", request);
    Set<String> out = new TreeSet<>();
    for (VapPolicies.Policy p : policies) {
      boolean matched =
          p.kinds().stream()
              .anyMatch(k -> k.group().equals(r.group()) && k.kind().equals(r.kind()));
      if (!matched
          || !p.matchConditions().stream().allMatch(c -> Boolean.TRUE.equals(eval(c, vars)))) {
        continue;
      }
      // the API server evaluates variables lazily; here all of them, in order, so that one that
      // fails on some object fails the test even where no validation reads it
      Map<String, Object> variables = new HashMap<>();
      Map<String, Object> withVariables = new HashMap<>(vars);
      withVariables.put("variables", variables);
      for (PolicyCheck.Variable v : p.variables()) {
        variables.put(v.name(), eval(v.expression(), withVariables));
      }
      for (VapPolicies.Validation v : p.validations()) {
        if (Boolean.FALSE.equals(eval(v.expression(), withVariables))) {
          out.add(v.ruleId() + " " + r.ref().describe());
          messages.add((String) eval(v.messageExpression(), withVariables));
        }
      }
    }
    return out;
  }

  /**
   * What spl lint says of the same objects, for the rules a policy covers at {@code version}: into
   * {@code may} every finding, returned those the policy must report too. A rule covered in part
   * must report what the object alone decides (the finding is on its inline persistence and points
   * at nothing outside it), and may report a route whose finding comes through a policy too.
   */
  static Set<String> lint(
      LoadedInput input,
      GatewayApiVersion version,
      Set<String> covered,
      Set<String> partly,
      List<String> messages,
      Set<String> may) {
    LintOptions options =
        new LintOptions(version, RuleSelection.all())
            .withAnnotationSuppressions(AnnotationSuppressions.WARNINGS);
    Set<String> out = new TreeSet<>();
    for (Finding f : new Engine().lint(input, options).findings()) {
      // a rule covered in part is compared on what the object alone decides: its inline persistence
      boolean outOfPart =
          partly.contains(f.ruleId())
              && (!f.field().contains("sessionPersistence")
                  || f.related().stream().anyMatch(rel -> !rel.resource().equals(f.resource())));
      if (covered.contains(f.ruleId()) && f.resource() != null && !prunedBackend(f, version)) {
        String verdict = f.ruleId() + " " + f.resource().describe();
        may.add(verdict);
        messages.add(f.message());
        if (!outOfPart) {
          out.add(verdict);
        }
      }
    }
    return out;
  }

  /** Before main the API server prunes a Backend's sessionPersistence: no policy ever sees it. */
  static boolean prunedBackend(Finding f, GatewayApiVersion version) {
    return !version.hasBackendAttachment() && f.resource().kind().endsWith("Backend");
  }

  static Set<String> covered(List<VapPolicies.Policy> policies) {
    Set<String> ids = new TreeSet<>();
    policies.forEach(p -> ids.add(p.rule().id()));
    return ids;
  }

  /** Asserts the policies and spl lint agree on {@code yaml}; returns the policies' verdicts. */
  Set<String> assertSame(String what, String yaml, GatewayApiVersion version) {
    List<VapPolicies.Policy> policies =
        VapPolicies.build(version, SplConfig.none(), RuleSelection.all());
    LoadedInput input = new ManifestLoader().loadText(what, yaml);
    List<String> lintMessages = new ArrayList<>();
    List<String> policyMessages = new ArrayList<>();
    Set<String> partly = new TreeSet<>();
    policies.stream().filter(p -> p.partly() != null).forEach(p -> partly.add(p.rule().id()));
    Set<String> may = new TreeSet<>();
    Set<String> must = lint(input, version, covered(policies), partly, lintMessages, may);
    Set<String> got = new TreeSet<>();
    for (Resource r : input.resources()) {
      got.addAll(apiServer(policies, r, policyMessages));
    }
    if (must.equals(may)) {
      assertEquals(must, got, what + " at " + version.label() + ":\n" + yaml);
    } else {
      assertTrue(
          got.containsAll(must) && may.containsAll(got),
          what
              + " at "
              + version.label()
              + ": "
              + must
              + " <= "
              + got
              + " <= "
              + may
              + "\n"
              + yaml);
    }
    // each message starts with the rule id and carries spl lint's own text
    for (String m : policyMessages) {
      assertTrue(m.matches("^SPL\\d{3} .*"), m);
      assertTrue(
          lintMessages.stream().anyMatch(m::endsWith),
          "policy message " + m + " is not one of spl lint's: " + lintMessages);
    }
    return got;
  }

  @Test
  void everyExampleGetsTheSameVerdict() throws Exception {
    int compared = 0;
    for (Path file : dev.spl.ExamplesTestAccess.manifestFiles()) {
      GatewayApiVersion version = dev.spl.ExamplesTestAccess.versionOf(file);
      assertSame(file.toString(), Files.readString(file), version);
      compared++;
    }
    assertTrue(compared >= 60, compared + " examples");
  }

  @Test
  void generatedVariantsGetTheSameVerdictInEveryVersion() {
    Random random = new Random(1619);
    String[] paths = {null, "/", "/cart", "cart", "", "x".repeat(50)};
    String[] names = {null, "cart", "__Host-cart", "__host-x", "__Secure-y"};
    String[] lifetimes = {null, "Permanent", "Session"};
    String[] timeouts = {null, "0s", "0h0m", "00ms", "1h", "24h", "1d"};
    String[] types = {null, "Cookie", "Header"};
    for (GatewayApiVersion version : GatewayApiVersion.values()) {
      for (int i = 0; i < 150; i++) {
        String path = paths[random.nextInt(paths.length)];
        String name = names[random.nextInt(names.length)];
        String lifetime = lifetimes[random.nextInt(lifetimes.length)];
        String timeout = timeouts[random.nextInt(timeouts.length)];
        String type = types[random.nextInt(types.length)];
        boolean mainShape = random.nextBoolean();
        StringBuilder sp = new StringBuilder("{");
        List<String> parts = new ArrayList<>();
        if (type != null) parts.add("type: " + type);
        if (timeout != null) parts.add("absoluteTimeout: \"" + timeout + "\"");
        if (mainShape) {
          List<String> cookie = new ArrayList<>();
          if (name != null) cookie.add("name: \"" + name + "\"");
          if (path != null) cookie.add("path: \"" + path + "\"");
          if (lifetime != null) cookie.add("lifetimeType: " + lifetime);
          if (!cookie.isEmpty()) parts.add("cookie: {" + String.join(", ", cookie) + "}");
        } else {
          if (name != null) parts.add("sessionName: \"" + name + "\"");
          if (lifetime != null) parts.add("cookieConfig: {lifetimeType: " + lifetime + "}");
          if (path != null && random.nextBoolean()) parts.add("cookie: {path: \"" + path + "\"}");
        }
        sp.append(String.join(", ", parts)).append('}');
        String persistence = sp.toString();
        String yaml =
            """
            apiVersion: gateway.networking.k8s.io/v1
            kind: %s
            metadata: {name: r%d, namespace: ns%s}
            spec:
              rules:
              - backendRefs: [{name: a, port: 80}]
                sessionPersistence: %s
            ---
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: XBackendTrafficPolicy
            metadata: {name: p%d, namespace: ns}
            spec:
              targetRefs: [{group: "", kind: Service, name: a}]
              sessionPersistence: %s
            ---
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: XBackend
            metadata: {name: b%d, namespace: ns}
            spec:
              type: EndpointSelector
              endpointSelector: {selector: {}, sessionPersistence: %s}
            """
                .formatted(
                    random.nextBoolean() ? "HTTPRoute" : "GRPCRoute",
                    i,
                    random.nextInt(3) == 0
                        ? ", annotations: {ignore.spl.dev/COOKIE-PATH-NOT-ABSOLUTE: known}"
                        : "",
                    persistence,
                    i,
                    persistence,
                    i,
                    persistence);
        assertSame("variant " + i, yaml, version);
      }
    }
  }

  @Test
  void routesWithSeveralRulesGetTheSameCollisionVerdictInEveryVersion() {
    Random random = new Random(102);
    String[] names = {null, "sid", "SID", "other", ""};
    String[] types = {null, "Cookie", "Header", "Header"};
    String[] cookiePaths = {null, "/", "/cart", "/cart/", "/carts", ""};
    String[] matchPaths = {"/", "/cart", "/cart/", "/cart/x", "/carts"};
    String[] matchTypes = {null, "PathPrefix", "Exact", "RegularExpression"};
    int compared = 0;
    long collisions = 0;
    for (GatewayApiVersion version : GatewayApiVersion.values()) {
      for (int n = 0; n < 120; n++) {
        StringBuilder rules = new StringBuilder();
        int count = 2 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
          rules.append("  - backendRefs: [{name: svc").append(random.nextInt(3)).append("}]\n");
          int matches = random.nextInt(4);
          if (matches == 1 || matches == 2) {
            rules.append("    matches:\n");
            for (int m = 0; m < matches; m++) {
              String type = matchTypes[random.nextInt(matchTypes.length)];
              rules
                  .append("    - path: {")
                  .append(type == null ? "" : "type: " + type + ", ")
                  .append("value: \"")
                  .append(matchPaths[random.nextInt(matchPaths.length)])
                  .append("\"}\n");
            }
          } else if (matches == 3) {
            rules.append("    matches: [{headers: [{name: x, value: y}]}]\n");
          }
          if (random.nextInt(5) == 0) {
            continue; // a rule without inline persistence
          }
          String name = names[random.nextInt(names.length)];
          String type = types[random.nextInt(types.length)];
          String path = cookiePaths[random.nextInt(cookiePaths.length)];
          List<String> parts = new ArrayList<>();
          if (type != null) parts.add("type: " + type);
          if (version.usesSessionNameShape()) {
            if (name != null) parts.add("sessionName: \"" + name + "\"");
          } else if ("Header".equals(type)) {
            if (name != null) parts.add("header: {name: \"" + name + "\"}");
          } else {
            List<String> cookie = new ArrayList<>();
            if (name != null) cookie.add("name: \"" + name + "\"");
            if (path != null) cookie.add("path: \"" + path + "\"");
            parts.add("cookie: {" + String.join(", ", cookie) + "}");
          }
          rules.append("    sessionPersistence: {").append(String.join(", ", parts)).append("}\n");
        }
        String policy =
            random.nextInt(3) > 0
                ? ""
                : version.usesSessionNameShape()
                    ? """
                    ---
                    apiVersion: gateway.networking.k8s.io/v1alpha2
                    kind: BackendLBPolicy
                    metadata: {name: lb, namespace: ns}
                    spec:
                      targetRefs: [{group: "", kind: Service, name: svc0}]
                      sessionPersistence: {sessionName: sid}
                    """
                    : """
                    ---
                    apiVersion: gateway.networking.x-k8s.io/v1alpha1
                    kind: XBackendTrafficPolicy
                    metadata: {name: lb, namespace: ns}
                    spec:
                      targetRefs: [{group: "", kind: Service, name: svc0}]
                      sessionPersistence: {cookie: {name: sid}}
                    """;
        String yaml =
            "apiVersion: gateway.networking.k8s.io/v1\nkind: "
                + (random.nextBoolean() ? "HTTPRoute" : "GRPCRoute")
                + "\nmetadata: {name: r"
                + n
                + ", namespace: ns}\nspec:\n  rules:\n"
                + rules
                + policy;
        Set<String> verdicts = assertSame("routes " + n, yaml, version);
        collisions += verdicts.stream().filter(v -> v.startsWith("SPL102 ")).count();
        compared++;
      }
    }
    assertTrue(compared >= 700, compared + " routes");
    // both verdicts are exercised: neither "always" nor "never" would pass
    assertTrue(
        collisions > compared / 5 && collisions < compared * 4 / 5, collisions + " collisions");
  }

  @Test
  void annotationsAndBackendReferencesInManyShapesGetTheSameVerdict() {
    Random random = new Random(124);
    String[] keys = {
      "ignore.spl.dev/SPL140",
      "ignore.spl.dev/spl140",
      "ignore.spl.dev/Grpc-Cookie-Persistence",
      "ignore.spl.dev/SPL999",
      "ignore.spl.dev/cookie-path",
      "ignore.spl.dev/",
      "other.dev/SPL140",
      "Ignore.spl.dev/SPL140"
    };
    String[] reasons = {"\"known\"", "\"\"", "\"  \"", "\"later, see #12\""};
    String[] kinds = {null, "Service", "Backend", "XBackend"};
    String[] namespaces = {null, "ns", "platform"};
    int findings = 0;
    for (int n = 0; n < 300; n++) {
      Map<String, String> annotations = new java.util.LinkedHashMap<>();
      for (int a = random.nextInt(3); a > 0; a--) {
        annotations.put(keys[random.nextInt(keys.length)], reasons[random.nextInt(reasons.length)]);
      }
      StringBuilder rules = new StringBuilder();
      for (int r = 1 + random.nextInt(3); r > 0; r--) {
        rules.append("  - backendRefs:\n");
        for (int b = 1 + random.nextInt(3); b > 0; b--) {
          String kind = kinds[random.nextInt(kinds.length)];
          String namespace = namespaces[random.nextInt(namespaces.length)];
          rules
              .append("    - {name: b")
              .append(b)
              .append(kind == null ? "" : ", kind: " + kind)
              .append(namespace == null ? "" : ", namespace: " + namespace)
              .append("}\n");
        }
      }
      String yaml =
          "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r"
              + n
              + ", namespace: ns, annotations: {"
              + String.join(
                  ", ",
                  annotations.entrySet().stream()
                      .map(e -> e.getKey() + ": " + e.getValue())
                      .toList())
              + "}}\nspec:\n  rules:\n"
              + rules;
      findings += assertSame("annotated " + n, yaml, GatewayApiVersion.MAIN).size();
    }
    assertTrue(findings > 100, findings + " findings");
  }

  @Test
  void servicesInEveryShape() {
    String[] types = {null, "ClusterIP", "NodePort", "LoadBalancer", "ExternalName"};
    String[] policies = {null, "Cluster", "Local"};
    int n = 0;
    for (String type : types) {
      for (String policy : policies) {
        for (String clusterIp : new String[] {null, "None", "10.0.0.1"}) {
          for (String affinity : new String[] {null, "ClientIP", "None"}) {
            List<String> spec = new ArrayList<>();
            if (type != null) spec.add("type: " + type);
            if (policy != null) spec.add("externalTrafficPolicy: " + policy);
            if (clusterIp != null) spec.add("clusterIP: \"" + clusterIp + "\"");
            if (affinity != null) spec.add("sessionAffinity: " + affinity);
            String yaml =
                "apiVersion: v1\nkind: Service\nmetadata: {name: s%d, namespace: ns}\nspec: {%s}\n"
                    .formatted(n++, String.join(", ", spec));
            assertSame("service " + n, yaml, GatewayApiVersion.NEWEST_RELEASE);
          }
        }
      }
    }
  }

  @Test
  void destinationRulesWithCookiesAnywhere() {
    Random random = new Random(301);
    String[] balancers = {
      null,
      "{simple: ROUND_ROBIN}",
      "{consistentHash: {httpHeaderName: x-user}}",
      "{consistentHash: {httpCookie: {name: kept, ttl: 0s}}}",
      "{consistentHash: {httpCookie: {name: first}}}",
      "{consistentHash: {httpCookie: {name: second, path: /}}}",
      "{consistentHash: {httpCookie: {path: /}}}"
    };
    int flagged = 0;
    for (int n = 0; n < 300; n++) {
      StringBuilder spec = new StringBuilder("  host: reviews\n");
      spec.append(trafficPolicy("  ", random, balancers));
      int subsets = random.nextInt(4);
      if (subsets > 0) {
        spec.append("  subsets:\n");
        for (int i = 0; i < subsets; i++) {
          spec.append("  - name: v").append(i).append('\n');
          spec.append(trafficPolicy("    ", random, balancers));
        }
      }
      String yaml =
          "apiVersion: networking.istio.io/v1\nkind: DestinationRule\n"
              + "metadata: {name: dr%d, namespace: ns}\nspec:\n".formatted(n)
              + spec;
      if (!assertSame("destination rule " + n, yaml, GatewayApiVersion.NEWEST_RELEASE).isEmpty()) {
        flagged++;
      }
    }
    assertTrue(flagged > 50 && flagged < 290, flagged + " of 300 flagged");
  }

  /** A trafficPolicy (or none) at {@code indent}, its balancers drawn from {@code balancers}. */
  private static String trafficPolicy(String indent, Random random, String[] balancers) {
    if (random.nextInt(4) == 0) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    String lb = balancers[random.nextInt(balancers.length)];
    if (lb != null) {
      out.append(indent).append("  loadBalancer: ").append(lb).append('\n');
    }
    int ports = random.nextInt(3);
    if (ports > 0) {
      out.append(indent).append("  portLevelSettings:\n");
      for (int p = 0; p < ports; p++) {
        String portLb = balancers[random.nextInt(balancers.length)];
        out.append(indent).append("  - port: {number: ").append(8080 + p).append("}\n");
        if (portLb != null) {
          out.append(indent).append("    loadBalancer: ").append(portLb).append('\n');
        }
      }
    }
    // the API server prunes a null trafficPolicy; an empty one stays
    return indent + (out.isEmpty() ? "trafficPolicy: {}\n" : "trafficPolicy:\n" + out);
  }

  @Test
  void envoyGatewayPoliciesInEveryShape() {
    int n = 0;
    int flagged = 0;
    for (String type : new String[] {null, "Cookie", "Header", "SourceIP"}) {
      for (String cookie :
          new String[] {null, "{}", "{name: eg}", "{name: eg, ttl: 1h}", "{ttl: 60s}"}) {
        List<String> hash = new ArrayList<>();
        if (type != null) hash.add("type: " + type);
        if (cookie != null) hash.add("cookie: " + cookie);
        String yaml =
            ("apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: BackendTrafficPolicy\n"
                    + "metadata: {name: p%d, namespace: ns}\n"
                    + "spec: {loadBalancer: {type: ConsistentHash, consistentHash: {%s}}}\n")
                .formatted(n++, String.join(", ", hash));
        flagged += assertSame("policy " + n, yaml, GatewayApiVersion.NEWEST_RELEASE).size();
      }
    }
    assertEquals(2, flagged, "Cookie with {} and with a name, neither with a ttl");
  }

  @Test
  void traefikServicesIngressesAndIngressRoutesInEveryShape() {
    String prefix = "traefik.ingress.kubernetes.io/service.";
    String[] nativeLb = {null, "\"true\"", "\"false\"", "\"1\"", "\"yes\""};
    String[][] sticky = {
      {},
      {"sticky.cookie: \"true\""},
      {"sticky.cookie: \"false\""},
      {"sticky.cookie.name: s"},
      {"sticky.cookie: \"false\"", "sticky.cookie.secure: \"true\""},
      {"sticky.cookiejar: \"true\""}
    };
    String[] backends = {
      "rules: [{http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: web, port:"
          + " {number: 80}}}}]}}]",
      "defaultBackend: {service: {name: fallback, port: {number: 80}}}",
      "rules: [{http: {paths: [{path: /, pathType: Prefix, backend: {resource: {kind: B, name:"
          + " b}}}]}}]"
    };
    int n = 0;
    Set<String> flagged = new TreeSet<>();
    for (String lb : nativeLb) {
      for (String[] keys : sticky) {
        List<String> annotations = new ArrayList<>();
        if (lb != null) annotations.add(prefix + "nativelb: " + lb);
        for (String k : keys) annotations.add(prefix + k);
        String metadata = "{name: o%d, namespace: ns, annotations: {%s}}";
        String service =
            ("apiVersion: v1\nkind: Service\nmetadata: "
                    + metadata
                    + "\nspec: {ports: [{port:"
                    + " 80}]}\n")
                .formatted(n++, String.join(", ", annotations));
        flagged.addAll(assertSame("service " + n, service, GatewayApiVersion.NEWEST_RELEASE));
        for (String backend : backends) {
          String ingress =
              ("apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: "
                      + metadata
                      + "\nspec: {%s}\n")
                  .formatted(n++, String.join(", ", annotations), backend);
          flagged.addAll(assertSame("ingress " + n, ingress, GatewayApiVersion.NEWEST_RELEASE));
        }
      }
    }
    for (String stickyService :
        new String[] {"", ", sticky: {cookie: {name: c}}", ", sticky: {}"}) {
      for (String lb : new String[] {"", ", nativeLB: true", ", nativeLB: false"}) {
        String route =
            ("apiVersion: traefik.io/v1alpha1\nkind: IngressRoute\nmetadata: {name: r%d, namespace:"
                    + " ns}\nspec: {routes: [{match: Host(`a`), services: [{name: a, port: 80},"
                    + " {name: b, port: 80%s%s}]}]}\n")
                .formatted(n++, stickyService, lb);
        flagged.addAll(assertSame("route " + n, route, GatewayApiVersion.NEWEST_RELEASE));
      }
    }
    long services = flagged.stream().filter(f -> f.startsWith("SPL502 Service")).count();
    long routes = flagged.stream().filter(f -> f.startsWith("SPL502 IngressRoute")).count();
    // nativelb true or 1, with sticky on (cookie true, a sub-key, or false with a sub-key)
    assertEquals(2 * 3, services, flagged.toString());
    // SPL501 has no policy (whether the Ingress's keys are missing from its Service needs the
    // Service): the Ingress shapes are compared for the other policies only
    assertEquals(1, routes, flagged.toString());
  }

  @Test
  void ingressClassesAndAffinitySwitchesForGke() {
    String[] classes = {
      "", "ingressClassName: gce", "ingressClassName: gce-internal", "ingressClassName: nginx"
    };
    String[] classAnnotations = {null, "gce", "gce-internal", "nginx", ""};
    List<String> switches = new ArrayList<>();
    switches.add(null);
    for (String key : dev.spl.rules.gke.GkeIngressAffinityAnnotation.KEYS) {
      switches.add(key + ": cookie");
      switches.add(key + ": \"\"");
    }
    switches.add("nginx.ingress.kubernetes.io/session-cookie-name: s");
    int n = 0;
    Set<String> flagged = new TreeSet<>();
    for (String cls : classes) {
      for (String annotation : classAnnotations) {
        for (String sw : switches) {
          List<String> annotations = new ArrayList<>();
          if (annotation != null)
            annotations.add("kubernetes.io/ingress.class: \"" + annotation + "\"");
          if (sw != null) annotations.add(sw);
          String ingress =
              ("apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: o%d, namespace:"
                      + " ns, annotations: {%s}}\nspec: {%s}\n")
                  .formatted(n++, String.join(", ", annotations), cls);
          flagged.addAll(assertSame("ingress " + n, ingress, GatewayApiVersion.NEWEST_RELEASE));
        }
      }
    }
    long found = flagged.stream().filter(f -> f.startsWith("SPL706")).count();
    // gce or gce-internal by ingressClassName (5 annotations each) or, without it, by the
    // annotation (2): 12 class shapes, times the 5 switches asking for affinity
    assertEquals(12 * 5, found, flagged.toString());
  }

  @Test
  void theConfigurationsSuppressionsAndAnnotationPolicyBecomeMatchConditions() throws Exception {
    Path file = Files.createTempFile("spl", ".yaml");
    Files.writeString(
        file,
        "suppressions:\n- {kind: Service, namespace: \"team-*\", name: \"*\", reason: later}\n"
            + "admission: {allowAnnotationSuppressions: none}\n");
    List<VapPolicies.Policy> policies =
        VapPolicies.build(
            GatewayApiVersion.NEWEST_RELEASE, SplConfig.load(file), RuleSelection.all());
    String service =
        "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: %s, annotations:"
            + " {ignore.spl.dev/SPL151: known}}\nspec: {clusterIP: None, sessionAffinity: ClientIP}\n";
    Resource suppressed =
        new ManifestLoader().loadText("a", service.formatted("team-a")).resources().get(0);
    Resource annotated =
        new ManifestLoader().loadText("b", service.formatted("shop")).resources().get(0);
    assertEquals(Set.of(), apiServer(policies, suppressed, new ArrayList<>()));
    // annotations silence nothing under this configuration
    assertEquals(
        Set.of("SPL151 Service shop/s"), apiServer(policies, annotated, new ArrayList<>()));
  }

  @Test
  void anObjectWithMoreAnnotationsThanAreScannedIsMatchedOnExactSpellings() {
    List<VapPolicies.Policy> policies =
        VapPolicies.build(GatewayApiVersion.NEWEST_RELEASE, SplConfig.none(), RuleSelection.all());
    StringBuilder annotations = new StringBuilder();
    for (int i = 0; i < CelText.MAX_SCANNED_ANNOTATIONS; i++) {
      annotations.append("a").append(i).append(": x, ");
    }
    String service =
        "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: ns, annotations: {"
            + annotations
            + "%s: known}}\nspec: {clusterIP: None, sessionAffinity: ClientIP}\n";
    for (String exact :
        List.of(
            "ignore.spl.dev/SPL151",
            "ignore.spl.dev/spl151",
            "ignore.spl.dev/client-ip-affinity-inert")) {
      Resource r = new ManifestLoader().loadText("a", service.formatted(exact)).resources().get(0);
      assertEquals(Set.of(), apiServer(policies, r, new ArrayList<>()), exact);
    }
    Resource mixed =
        new ManifestLoader()
            .loadText("b", service.formatted("ignore.spl.dev/Spl151"))
            .resources()
            .get(0);
    assertEquals(Set.of("SPL151 Service ns/s"), apiServer(policies, mixed, new ArrayList<>()));
  }

  @Test
  void noExpressionUsesWhatKubernetes130Lacks() {
    for (GatewayApiVersion version : GatewayApiVersion.values()) {
      for (VapPolicies.Policy p :
          VapPolicies.build(version, SplConfig.none(), RuleSelection.all())) {
        for (VapPolicies.Validation v : p.validations()) {
          for (String e : List.of(v.expression(), v.messageExpression())) {
            assertTrue(!e.contains(".?") && !e.contains("orValue") && !e.contains("cel.bind"), e);
            assertTrue(!e.contains("$sp"), "a placeholder left in " + e);
          }
        }
      }
    }
  }
}
