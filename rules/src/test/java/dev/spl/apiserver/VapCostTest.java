package dev.spl.apiserver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cel.common.ast.CelExpr;
import dev.cel.runtime.CelEvaluationListener;
import dev.cel.runtime.CelRuntime;
import dev.spl.catalogue.RuleSelection;
import dev.spl.config.SplConfig;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.schema.GatewayApiVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every generated expression stays within the API server's CEL cost limits on the largest objects
 * the schemas admit. The cost is cel-go's runtime cost (what the API server counts and stops at),
 * computed over a cel-java evaluation trace: 1 per identifier and field selection (presence tests
 * too), 10 per list and 30 per map literal, 1 per function call except the ones that traverse
 * strings or lists (startsWith, equality, concatenation, matches, contains, in, and the Kubernetes
 * library's lowerAscii/trim/substring), which cost 0.1 per character (regular expressions 0.1 per
 * character times 0.25 per pattern character, in per list element). Limits: 1,000,000 per
 * expression (celconfig.PerCallLimit), 10,000,000 per policy evaluation
 * (celconfig.RuntimeCELCostBudget).
 *
 * <p>Largest objects: 16 rules per route, each with 16 backendRefs and 1 or 64 matches (the CRDs'
 * maxItems), strings at their maxLength, every rule using one session name so every pair is
 * compared; metadata.annotations at the API server's 256 KiB total, as many short keys as fit or as
 * few as long ones.
 */
class VapCostTest {
  static final long PER_EXPRESSION_LIMIT = 1_000_000;
  static final long PER_EVALUATION_BUDGET = 10_000_000;

  /** The kinds whose largest objects ({@link #largestObjects}) are the same at every version. */
  private static final Set<String> VERSION_FREE =
      Set.of(
          "Service",
          "DestinationRule",
          "Ingress",
          "IngressRoute",
          "BackendTrafficPolicy",
          "GCPBackendPolicy",
          "HTTPProxy",
          "UpstreamSettingsPolicy",
          "BackendConfigPolicy");

  static final int ANNOTATION_BYTES = 256 * 1024;

  /** cel-go's runtime cost of what a trace reports (interpreter/runtimecost.go). */
  static final class CostMeter implements CelEvaluationListener {
    private final Map<Long, Object> results = new HashMap<>();
    long cost;

    @Override
    public void callback(CelExpr e, Object result) {
      results.put(e.id(), result);
      switch (e.getKind()) {
        case IDENT, SELECT -> cost += 1;
        case LIST -> cost += 10;
        case MAP -> cost += 30;
        case CALL -> cost += call(e.call());
        default -> {}
      }
    }

    private long call(CelExpr.CelCall call) {
      List<Object> args = new ArrayList<>();
      call.target().ifPresent(t -> args.add(results.get(t.id())));
      call.args().forEach(a -> args.add(results.get(a.id())));
      return switch (call.function()) {
        case "startsWith", "endsWith" -> tenth(size(args.get(1)));
        case "@in" -> args.get(1) instanceof List<?> l ? l.size() : 1; // maps: a lookup
        case "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_" ->
            tenth(Math.min(size(args.get(0)), size(args.get(1))));
        case "_+_" ->
            args.get(0) instanceof String ? tenth(size(args.get(0)) + size(args.get(1))) : 1;
        case "matches" -> tenth(1 + size(args.get(0))) * (long) Math.ceil(size(args.get(1)) * 0.25);
        case "contains" -> tenth(size(args.get(0))) * tenth(size(args.get(1)));
        case "lowerAscii", "upperAscii", "trim", "substring" -> tenth(size(args.get(0)));
        default -> 1;
      };
    }

    private static long tenth(long size) {
      return (long) Math.ceil(size * 0.1);
    }

    private static long size(Object value) {
      if (value instanceof String s) {
        return s.codePointCount(0, s.length());
      } else if (value instanceof List<?> l) {
        return l.size();
      } else if (value instanceof Map<?, ?> m) {
        return m.size();
      }
      return 1;
    }
  }

  /**
   * Costs already measured, by expression and the part of the object it reads: an expression that
   * reads nothing but annotations costs the same on every kind and version.
   */
  private final Map<String, Measured> measured = new java.util.concurrent.ConcurrentHashMap<>();

  /** An expression's cost and value on one object. */
  record Measured(long cost, Object value) {}

  private Measured measure(String expression, Map<String, Object> vars, String objectLabel) {
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) vars.get("object");
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = (Map<String, Object>) object.get("metadata");
    // variables may read either part (SPL003's read annotations)
    boolean variables = expression.contains("variables.");
    boolean annotations = variables || expression.contains("annotations");
    boolean spec = variables || expression.contains("object.spec");
    String key =
        expression
            + '\0'
            + (annotations ? System.identityHashCode(metadata.get("annotations")) : "")
            + '\0'
            + (spec ? System.identityHashCode(object.get("spec")) + objectLabel : "");
    return measured.computeIfAbsent(key, k -> traced(expression, vars));
  }

  /** Each expression compiled once: the same ones are measured on many objects. */
  static final Map<String, CelRuntime.Program> PROGRAMS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The runtime cost of {@code expression} on {@code vars}. */
  static long cost(String expression, Map<String, Object> vars) {
    return traced(expression, vars).cost();
  }

  /** Evaluates {@code expression} on {@code vars}, counting its runtime cost as it goes. */
  static Measured traced(String expression, Map<String, Object> vars) {
    try {
      CelRuntime.Program program = PROGRAMS.get(expression);
      if (program == null) {
        program =
            VapParityTest.RUNTIME.createProgram(
                VapParityTest.COMPILER.compile(expression).getAst());
        PROGRAMS.put(expression, program);
      }
      CostMeter meter = new CostMeter();
      Object value = program.trace(vars, meter);
      return new Measured(meter.cost, value);
    } catch (Exception e) {
      throw new AssertionError("cannot evaluate: " + expression + ": " + e.getMessage(), e);
    }
  }

  @Test
  void theMeterCountsEveryIterationAndEveryCharacter() {
    Map<String, Object> vars = Map.of("object", Map.of("l", List.of(1, 2, 3)));
    long three = cost("object.l.all(x, x > 0)", vars);
    long thirty =
        cost(
            "object.l.all(x, x > 0)",
            Map.of("object", Map.of("l", java.util.Collections.nCopies(30, 1))));
    assertTrue(thirty - three >= 27 * 3, three + " vs " + thirty); // at least x, 0, > per element
    long shortString = cost("object.s.lowerAscii() == 'x'", Map.of("object", Map.of("s", "ab")));
    long longString =
        cost("object.s.lowerAscii() == 'x'", Map.of("object", Map.of("s", "a".repeat(1000))));
    assertTrue(longString >= shortString + 99, shortString + " vs " + longString);
  }

  @Test
  void everyExpressionFitsTheApiServersLimitsOnTheLargestObjects() throws Exception {
    Map<String, Long> worst = new java.util.concurrent.ConcurrentSkipListMap<>();
    SplConfig everyAnnotation = config("admission: {allowAnnotationSuppressions: all}\n");
    List<Map.Entry<GatewayApiVersion, VapPolicies.Policy>> all = new ArrayList<>();
    for (GatewayApiVersion version : GatewayApiVersion.values()) {
      for (VapPolicies.Policy p :
          VapPolicies.build(version, everyAnnotation, RuleSelection.all())) {
        all.add(Map.entry(version, p));
      }
    }
    Set<List<Object>> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    // policies apart, on every core: the annotation scans are traced node by node
    all.parallelStream()
        .forEach(
            e -> {
              GatewayApiVersion version = e.getKey();
              VapPolicies.Policy p = e.getValue();
              for (PolicyCheck.Kind kind : p.kinds()) {
                // a policy written alike for several versions costs alike on a kind whose largest
                // objects do not change with the version: measured once
                Object measured =
                    VERSION_FREE.contains(kind.kind()) ? kind.kind() : kind.kind() + "/" + version;
                if (!seen.add(List.of(p, measured))) {
                  continue;
                }
                List<Map<String, Object>> objects = largestObjects(kind, version);
                for (int i = 0; i < objects.size(); i++) {
                  String label = kind.kind() + "/" + version.label() + "/" + i;
                  long total = evaluate(p, objects.get(i), label, worst);
                  assertTrue(
                      total <= PER_EVALUATION_BUDGET,
                      p.rule().id() + " costs " + total + " on a " + kind.kind());
                }
              }
            });
    StringBuilder report = new StringBuilder("rule\texpressions\tlargest cost\n");
    worst.forEach((rule, c) -> report.append(rule).append('\t').append(c).append('\n'));
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target", "vap-costs.tsv"), report);
    System.out.print(report);
    worst.forEach(
        (rule, c) ->
            assertTrue(c <= PER_EXPRESSION_LIMIT, rule + " has an expression costing " + c));
    assertTrue(worst.size() >= 10, "policies measured: " + worst.keySet());
  }

  /** Evaluates a policy as the API server would; returns its total cost. */
  private long evaluate(
      VapPolicies.Policy p, Map<String, Object> object, String label, Map<String, Long> worst) {
    Map<String, Object> vars = new HashMap<>();
    vars.put("object", KubernetesCelNames.escaped(object));
    vars.put("oldObject", Map.of());
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = (Map<String, Object>) object.get("metadata");
    vars.put(
        "request",
        Map.of(
            "kind", Map.of("group", "g", "version", "v1", "kind", object.get("kind")),
            "namespace", metadata.get("namespace"),
            "name", metadata.get("name"),
            "operation", "CREATE"));
    Map<String, Object> variables = new HashMap<>();
    vars.put("variables", variables);
    List<Long> costs = new ArrayList<>();
    for (String condition : p.matchConditions()) {
      long c = measure(condition, vars, label).cost();
      worst.merge(p.rule().id() + "\tconditions", c, Math::max);
      costs.add(c);
    }
    int conditions = costs.size();
    for (PolicyCheck.Variable v : p.variables()) {
      Measured m = measure(v.expression(), vars, label);
      costs.add(m.cost());
      variables.put(v.name(), m.value());
    }
    for (VapPolicies.Validation v : p.validations()) {
      Measured m = measure(v.expression(), vars, label);
      costs.add(m.cost());
      if (Boolean.FALSE.equals(m.value())) {
        costs.add(measure(v.messageExpression(), vars, label).cost());
      }
    }
    long total = 0;
    for (int i = 0; i < costs.size(); i++) {
      if (i >= conditions) {
        worst.merge(p.rule().id() + "\tchecks", costs.get(i), Math::max);
      }
      total += costs.get(i);
    }
    return total;
  }

  private static SplConfig config(String yaml) throws Exception {
    Path file = Files.createTempFile("spl", ".yaml");
    Files.writeString(file, yaml);
    return SplConfig.load(file);
  }

  /** The largest objects of {@code kind} the schema admits, in the shapes that cost the most. */
  static List<Map<String, Object>> largestObjects(PolicyCheck.Kind kind, GatewayApiVersion v) {
    // one spec per shape, shared by the annotation variants: measured once per expression
    List<Map<String, Object>> specs =
        switch (kind.kind()) {
          case "HTTPRoute", "GRPCRoute" ->
              List.of(Map.of("rules", rules(v, 1)), Map.of("rules", rules(v, 64)));
          case "Service" ->
              List.of(
                  Map.of(
                      "type", "NodePort",
                      "sessionAffinity", "ClientIP",
                      "externalTrafficPolicy", "Cluster",
                      "clusterIP", "10.0.0.1"));
          case "DestinationRule" -> destinationRules();
          case "Ingress" -> List.of(ingressWithoutServices());
          case "IngressRoute" -> List.of(ingressRouteOfBareServices());
          case "HTTPProxy" -> httpProxies();
          case "BackendConfigPolicy" -> kgatewayBackendConfigs();
          // the enum bounds the method; its longest value, the one the policy looks for last
          case "UpstreamSettingsPolicy" ->
              List.of(
                  Map.of("useClusterIP", true, "loadBalancingMethod", "hash consistent"),
                  Map.of(
                      "useClusterIP",
                      true,
                      "loadBalancingMethod",
                      "least_time last_byte inflight"));
          case "BackendTrafficPolicy" ->
              List.of(
                  Map.of(
                      "loadBalancer",
                      Map.of(
                          "type",
                          "ConsistentHash",
                          "consistentHash",
                          Map.of("type", "Cookie", "cookie", hashCookie(true)))));
          case "GCPBackendPolicy" ->
              List.of(
                  Map.of(
                      "targetRef",
                      Map.of("group", "", "kind", "Service", "name", "s"),
                      "default",
                      Map.of(
                          "sessionAffinity",
                          Map.of("type", "CLIENT_IP_PORT_PROTO", "cookieTtlSec", 60))));
          case "BackendLBPolicy", "XBackendTrafficPolicy" ->
              List.of(Map.of("sessionPersistence", persistence(v, 0)));
          default ->
              List.of(
                  Map.of(
                      "type",
                      "EndpointSelector",
                      "endpointSelector",
                      Map.of("selector", Map.of(), "sessionPersistence", persistence(v, 0))));
        };
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, String> annotations : ANNOTATIONS) {
      for (Map<String, Object> spec : specs) {
        out.add(object(kind, annotations, spec));
      }
    }
    return out;
  }

  /**
   * Istio's DestinationRule schema bounds portLevelSettings (4,096) but not subsets, so these fill
   * the 1.5 MiB an object may have in etcd: full port settings at the top and many bare subsets, or
   * subsets full of port settings, all hashing on a cookie with a ttl (nothing fails, so everything
   * is scanned).
   */
  private static List<Map<String, Object>> destinationRules() {
    List<Object> ports = new ArrayList<>();
    for (int i = 0; i < 4096; i++) {
      ports.add(
          Map.of(
              "port", Map.of("number", i + 1),
              "loadBalancer", Map.of("consistentHash", Map.of("httpCookie", hashCookie(true)))));
    }
    Map<String, Object> hashing =
        Map.of(
            "loadBalancer",
            Map.of("consistentHash", Map.of("httpCookie", hashCookie(true))),
            "portLevelSettings",
            ports);
    List<Object> bareSubsets = new ArrayList<>();
    for (int i = 0; i < 65_000; i++) { // {"name":"s12345"}: 17 bytes, 1.1 MB beside the ports
      bareSubsets.add(Map.of("name", "s" + i));
    }
    List<Object> portSubsets = new ArrayList<>();
    for (int i = 0; i < 3; i++) { // 4,096 port settings of some 90 bytes: 360 KiB a subset
      portSubsets.add(Map.of("name", "s" + i, "trafficPolicy", Map.of("portLevelSettings", ports)));
    }
    return List.of(
        Map.of("host", "h", "trafficPolicy", hashing, "subsets", bareSubsets),
        Map.of("host", "h", "trafficPolicy", hashing, "subsets", portSubsets));
  }

  /** 25,000 paths to a resource, not a Service: the search for a Service scans them all. */
  private static Map<String, Object> ingressWithoutServices() {
    List<Object> paths = new ArrayList<>();
    for (int i = 0; i < 25_000; i++) {
      paths.add(
          Map.of(
              "path",
              "/" + i,
              "pathType",
              "Prefix",
              "backend",
              Map.of("resource", Map.of("kind", "B", "name", "b"))));
    }
    return Map.of("rules", List.of(Map.of("host", "h", "http", Map.of("paths", paths))));
  }

  /** IngressRoute's schema bounds neither routes nor services: 1.5 MiB of bare services. */
  private static Map<String, Object> ingressRouteOfBareServices() {
    List<Object> services = new ArrayList<>();
    for (int i = 0; i < 55_000; i++) { // {"name":"s12345","port":80}: 27 bytes
      services.add(Map.of("name", "s" + i, "port", 80));
    }
    return Map.of("routes", List.of(Map.of("match", "Host(`h`)", "services", services)));
  }

  /**
   * HTTPProxy's schema bounds neither its routes nor a strategy's length: as many routes as the
   * policy scans, each with the longest sticky-meaning strategy it reads (all fail, so the message
   * scans them all); 1.5 MiB of routes, which it does not scan; a strategy of a megabyte.
   */
  private static List<Map<String, Object>> httpProxies() {
    String longest = "x".repeat(58) + "Sticky"; // matched at its end
    List<Object> scanned = new ArrayList<>();
    for (int i = 0; i < 512; i++) {
      scanned.add(Map.of("loadBalancerPolicy", Map.of("strategy", longest)));
    }
    List<Object> many = new ArrayList<>();
    for (int i = 0; i < 34_000; i++) { // {"loadBalancerPolicy":{"strategy":"Sticky"}}: 44 bytes
      many.add(Map.of("loadBalancerPolicy", Map.of("strategy", "Sticky")));
    }
    Map<String, Object> tcp = Map.of("loadBalancerPolicy", Map.of("strategy", "Cookie"));
    return List.of(
        Map.of("routes", scanned, "tcpproxy", tcp),
        Map.of("routes", many, "tcpproxy", tcp),
        Map.of(
            "routes",
            List.of(Map.of("loadBalancerPolicy", Map.of("strategy", "x".repeat(1 << 20)))),
            "tcpproxy",
            Map.of("loadBalancerPolicy", Map.of("strategy", "x".repeat(1 << 18)))));
  }

  /**
   * BackendConfigPolicy: at most 16 hash policies per balancer, a cookie's name unbounded: 16
   * passive cookies under maglev (the policy scans ringHash's list first and finds none) with names
   * filling the object, and ringHash with every entry passive.
   */
  private static List<Map<String, Object>> kgatewayBackendConfigs() {
    List<Object> passive = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      passive.add(Map.of("cookie", Map.of("name", "c".repeat(90_000))));
    }
    List<Object> ringHash = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      ringHash.add(Map.of("header", Map.of("name", "h".repeat(90_000))));
    }
    return List.of(
        Map.of(
            "loadBalancer",
            Map.of(
                "ringHash",
                Map.of("hashPolicies", ringHash),
                "maglev",
                Map.of("hashPolicies", passive))),
        Map.of("loadBalancer", Map.of("ringHash", Map.of("hashPolicies", passive))));
  }

  private static Map<String, Object> hashCookie(boolean ttl) {
    return ttl ? Map.of("name", "c".repeat(64), "ttl", "1h") : Map.of("name", "c".repeat(64));
  }

  private static Map<String, Object> object(
      PolicyCheck.Kind kind, Map<String, String> annotations, Map<String, Object> spec) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("apiVersion", kind.group().isEmpty() ? "v1" : kind.group() + "/v1");
    o.put("kind", kind.kind());
    o.put(
        "metadata",
        Map.of("name", "n".repeat(253), "namespace", "s".repeat(63), "annotations", annotations));
    o.put("spec", spec);
    return o;
  }

  private static List<Object> rules(GatewayApiVersion v, int matches) {
    List<Object> rules = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      List<Object> matchList = new ArrayList<>();
      for (int m = 0; m < matches; m++) {
        // paths of full length that share all but their last characters: no two overlap
        matchList.add(
            Map.of(
                "path", Map.of("type", "PathPrefix", "value", "/" + "p".repeat(1019) + pad(i, m))));
      }
      List<Object> backendRefs = new ArrayList<>();
      for (int b = 0; b < 16; b++) {
        backendRefs.add(
            Map.of(
                "group",
                "g".repeat(253),
                "kind",
                "Backend",
                "name",
                "b".repeat(250) + pad(b, 0).substring(1),
                "namespace",
                "o".repeat(63)));
      }
      rules.add(
          Map.of(
              "matches", matchList,
              "backendRefs", backendRefs,
              "sessionPersistence", persistence(v, i)));
    }
    return rules;
  }

  private static String pad(int a, int b) {
    return String.format("%02d%02d", a, b);
  }

  /** sessionPersistence with every field at its largest; one name for all, distinct paths. */
  private static Map<String, Object> persistence(GatewayApiVersion v, int i) {
    if (v.usesSessionNameShape()) {
      return Map.of(
          "sessionName", "s".repeat(128),
          "type", "Cookie",
          "absoluteTimeout", "99999h",
          "idleTimeout", "99999h",
          "cookieConfig", Map.of("lifetimeType", "Permanent"));
    }
    return Map.of(
        "type", "Cookie",
        "absoluteTimeout", "99999h",
        "cookie",
            Map.of(
                "name", "__Host-" + "c".repeat(249),
                "path", "/" + "p".repeat(1019) + pad(i, 0),
                "lifetimeType", "Permanent"));
  }

  static final List<Map<String, String>> ANNOTATIONS =
      List.of(
          shortAnnotations(ANNOTATION_BYTES / 4),
          shortAnnotations(CelText.MAX_SCANNED_ANNOTATIONS),
          fewLongAnnotations(),
          suppressionAnnotations(),
          nativeLbAndShortAnnotations());

  /** Traefik's nativelb set: SPL502 then scans every key for a sticky one. */
  private static Map<String, String> nativeLbAndShortAnnotations() {
    Map<String, String> a = shortAnnotations(ANNOTATION_BYTES / 4 - 16);
    a.put("traefik.ingress.kubernetes.io/service.nativelb", "true");
    return a;
  }

  /**
   * {@code count} distinct four-character keys: as many as 256 KiB holds, or as many as are
   * scanned.
   */
  private static Map<String, String> shortAnnotations(int count) {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; a.size() < count; i++) {
      a.put(String.format("%4s", Integer.toString(i, 36)).replace(' ', '0'), "");
    }
    return a;
  }

  /** Keys of the largest size: a 253-character prefix and a 63-character name. */
  private static Map<String, String> fewLongAnnotations() {
    Map<String, String> a = new HashMap<>();
    String prefix = "a".repeat(253) + "/";
    for (int i = 0; a.size() * 317 < ANNOTATION_BYTES; i++) {
      a.put(prefix + String.format("%63s", Integer.toString(i)).replace(' ', 'n'), "");
    }
    return a;
  }

  /** Keys spl reads: ignore.spl.dev/ with long unknown names and blank reasons. */
  private static Map<String, String> suppressionAnnotations() {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; a.size() * (78 + 10) < ANNOTATION_BYTES; i++) {
      a.put(
          "ignore.spl.dev/" + String.format("%63s", Integer.toString(i)).replace(' ', 'x'),
          " ".repeat(10));
    }
    return a;
  }
}
