package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which objects each unit's build holds, and which of them it owns. */
class UnitBuildsTest {
  private final List<Resource> kept = new ArrayList<>();
  private final Map<Resource, Set<Unit>> unitsOf = new IdentityHashMap<>();
  private final Map<String, Resource> byLabel = new LinkedHashMap<>();

  /** Adds the objects of {@code yaml} to {@code units}, each known by "Kind/name". */
  private void add(String yaml, String... units) {
    for (Resource r : new ManifestLoader().loadText("t.yaml", yaml).resources()) {
      kept.add(r);
      if (units.length > 0) {
        unitsOf.put(
            r,
            java.util.Arrays.stream(units)
                .map(Unit::directory)
                .collect(java.util.stream.Collectors.toSet()));
      }
      byLabel.put(r.kind() + "/" + r.name() + "@" + String.join(",", units), r);
    }
  }

  private Map<String, List<String>> builds(Set<String> standAlone) {
    Set<Unit> units = new java.util.TreeSet<>();
    unitsOf.values().forEach(units::addAll);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (UnitBuilds.Build b :
        UnitBuilds.of(
            kept,
            unitsOf,
            units,
            standAlone.stream()
                .map(Unit::directory)
                .collect(java.util.stream.Collectors.toSet()))) {
      List<String> labels = new ArrayList<>();
      for (Resource r : b.resources()) {
        String label =
            byLabel.entrySet().stream()
                .filter(e -> e.getValue() == r)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow();
        labels.add((b.owned().contains(r) ? "" : "+") + label);
      }
      out.put(b.unit().name(), labels);
    }
    return out;
  }

  static String route(String name, String gateway, String service) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s, namespace: shop}
        spec:
          parentRefs: [{name: %s}]
          rules:
          - backendRefs: [{name: %s, port: 80}]
        ---
        """
        .formatted(name, gateway, service);
  }

  static String gateway(String name, String className) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: %s, namespace: shop}
        spec: {gatewayClassName: %s, listeners: [{name: h, port: 80, protocol: HTTP}]}
        ---
        """
        .formatted(name, className);
  }

  static final String CLASS =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: GatewayClass
      metadata: {name: c}
      spec: {controllerName: example.com/c}
      ---
      """;

  static String service(String name) {
    return "apiVersion: v1\nkind: Service\nmetadata: {name: %s, namespace: shop}\n---\n"
        .formatted(name);
  }

  static String policy(String name, String service) {
    return """
        apiVersion: gateway.networking.k8s.io/v1alpha2
        kind: BackendLBPolicy
        metadata: {name: %s, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: %s}]
          sessionPersistence: {sessionName: s}
        ---
        """
        .formatted(name, service);
  }

  @Test
  void aUnitSeesWhatItNamesAndWhoElseNamesIt() {
    add(route("a", "gw", "cart"), "apps/a");
    add(route("b", "gw", "search") + service("search") + policy("p", "search"), "apps/b");
    add(gateway("gw", "c") + CLASS, "infra");
    add(route("lonely", "other", "none"), "apps/c");
    Map<String, List<String>> b = builds(Set.of());
    // a: its route, the Gateway it names and that Gateway's class, and b's route on the same
    // Gateway with what that route sends to (its Service and the policy on it)
    assertEquals(
        List.of(
            "HTTPRoute/a@apps/a",
            "+HTTPRoute/b@apps/b",
            "+Service/search@apps/b",
            "+BackendLBPolicy/p@apps/b",
            "+Gateway/gw@infra",
            "+GatewayClass/c@infra"),
        b.get("apps/a"));
    // infra: its own, and everyone naming its Gateway
    assertEquals(
        List.of(
            "+HTTPRoute/a@apps/a",
            "+HTTPRoute/b@apps/b",
            "+Service/search@apps/b",
            "+BackendLBPolicy/p@apps/b",
            "Gateway/gw@infra",
            "GatewayClass/c@infra"),
        b.get("infra"));
    assertEquals(List.of("HTTPRoute/lonely@apps/c"), b.get("apps/c"), "names nothing defined");
  }

  @Test
  void aNameDefinedTwiceIsEachUnitsOwn() {
    add(route("a", "gw", "cart"), "apps/a");
    add(gateway("gw", "c"), "one");
    add(gateway("gw", "c"), "two");
    assertEquals(List.of("HTTPRoute/a@apps/a"), builds(Set.of()).get("apps/a"));
  }

  @Test
  void aCopyOfAnOwnObjectIsNeverImported() {
    add(route("a", "gw", "cart") + gateway("gw", "c"), "x");
    add(route("a", "gw", "cart"), "y");
    // y's copy of route a names x's Gateway; x has its own route a: the copies never meet
    assertTrue(!builds(Set.of()).get("x").contains("+HTTPRoute/a@y"), builds(Set.of()).toString());
  }

  @Test
  void overlaysOfOneBaseAreAlternativesNotNeighbours() {
    add(gateway("gw", "c"), "dev", "prod");
    add(route("dev-only", "gw", "cart"), "dev");
    add(route("prod-only", "gw", "cart"), "prod");
    Map<String, List<String>> b = builds(Set.of());
    assertEquals(List.of("Gateway/gw@dev,prod", "HTTPRoute/dev-only@dev"), b.get("dev"));
    assertEquals(List.of("Gateway/gw@dev,prod", "HTTPRoute/prod-only@prod"), b.get("prod"));
  }

  @Test
  void objectsInNoUnitAreEveryUnitsAndNotImported() {
    add(gateway("gw", "c"));
    add(route("a", "gw", "cart"), "a");
    add(route("b", "gw", "cart"), "b");
    Map<String, List<String>> b = builds(Set.of());
    assertEquals(List.of("Gateway/gw@", "HTTPRoute/a@a"), b.get("a"));
  }

  @Test
  void aFixtureSeesWhatItNamesButMeetsNoOtherUnit() {
    add(route("a", "gw", "cart"), "fixture-a");
    add(route("b", "gw", "cart"), "fixture-b");
    add(route("c", "gw", "cart"), "apps/c");
    add(gateway("gw", "c"), "infra");
    Map<String, List<String>> b = builds(Set.of("fixture-a", "fixture-b"));
    assertEquals(List.of("HTTPRoute/a@fixture-a", "+Gateway/gw@infra"), b.get("fixture-a"));
    // and an ordinary unit does not meet the fixtures either
    assertEquals(List.of("HTTPRoute/c@apps/c", "+Gateway/gw@infra"), b.get("apps/c"));
  }
}
