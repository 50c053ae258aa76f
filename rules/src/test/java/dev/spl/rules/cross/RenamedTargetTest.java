package dev.spl.rules.cross;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.BuiltExamples;
import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The CLI renames a kustomize build's objects (KustomizeNames); here the renames are made by hand,
 * so the rule is judged on what it is given: which references still name a renamed target.
 */
class RenamedTargetTest {
  private static final String OBJECTS =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: web}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata: {name: gw}
      spec: {gatewayClassName: c, listeners: [{name: http, port: 80, protocol: HTTP}]}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: sticky}
      spec:
        parentRefs: [{name: gw}]
        rules:
        - backendRefs: [{name: web, port: 80}]
          sessionPersistence: {sessionName: s}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: plain}
      spec:
        parentRefs: [{name: gw}]
        rules:
        - backendRefs: [{name: web, port: 80}]
      ---
      apiVersion: gateway.networking.k8s.io/v1alpha2
      kind: BackendLBPolicy
      metadata: {name: lb}
      spec:
        targetRefs: [{group: "", kind: Service, name: other}, {group: "", kind: Service, name: web}]
        sessionPersistence: {sessionName: p}
      """;

  /** Lints OBJECTS with the objects whose kinds are given renamed {@code prod-<name>}. */
  private static List<String> lint(Set<String> renamedKinds) {
    LoadedInput renamed =
        BuiltExamples.renamed(
            new ManifestLoader().loadText("all.yaml", OBJECTS),
            r -> renamedKinds.contains(r.kind()),
            "prod-",
            "",
            "kustomize build overlays/prod");
    return new Engine()
            .lint(renamed, LintOptions.defaults().withVersion(GatewayApiVersion.V1_6))
            .findings()
            .stream()
            .filter(f -> f.ruleId().equals("SPL105"))
            .map(RenamedTargetTest::describe)
            .toList();
  }

  private static String describe(Finding f) {
    return f.position().line() + ":" + f.position().column() + " " + f.message();
  }

  @Test
  void aRenamedServiceLeavesThePolicyAndTheStickyRouteNamingNothing() {
    assertEquals(
        List.of(
            "16:20 kustomize build overlays/prod renames Service web to prod-web, not this reference:"
                + " the route's persistence attaches to nothing",
            "31:84 kustomize build overlays/prod renames Service web to prod-web, not this reference:"
                + " the policy's persistence attaches to nothing"),
        lint(Set.of("Service")));
  }

  @Test
  void aRenamedGatewayIsReportedOnlyForTheRouteThatCarriesPersistence() {
    assertEquals(
        List.of(
            "14:17 kustomize build overlays/prod renames Gateway gw to prod-gw, not this reference:"
                + " the route's persistence attaches to nothing"),
        lint(Set.of("Gateway")));
  }

  @Test
  void referencesToTheNewNamesOrToNothingRenamedAreFine() {
    assertEquals(List.of(), lint(Set.of()));
    assertEquals(List.of(), lint(Set.of("HTTPRoute", "BackendLBPolicy")));
  }
}
