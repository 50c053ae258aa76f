package dev.spl.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The two ways spl validates a sessionPersistence object's schema agree: with no CRD in sight, its
 * table for the version; with the CRD installed, that CRD's own openAPIV3Schema. For every CRD that
 * carries sessionPersistence in every vendored upstream bundle (v1.1.0 .. main), the schema read
 * from the CRD is the table's for the CRD's version, field by field and constraint by constraint,
 * so neither path reports what the other would not.
 */
class InstalledCrdSchemasAgreeTest {
  static List<GatewayApiCrd> upstream() throws Exception {
    String text;
    try (InputStream in =
        InstalledCrdSchemasAgreeTest.class.getResourceAsStream("/dev/spl/crd-rules/schemas.yaml")) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    return new ManifestLoader()
        .loadText("schemas.yaml", text).resources().stream()
            .flatMap(r -> GatewayApiCrd.of(r).stream())
            .toList();
  }

  @Test
  void everyUpstreamCrdsSchemaIsTheTablesForItsVersion() throws Exception {
    List<GatewayApiCrd> crds = upstream();
    TreeSet<String> seen = new TreeSet<>();
    for (GatewayApiCrd crd : crds) {
      String name = crd.bundleVersion() + " " + crd.kind();
      GatewayApiVersion version = crd.version().orElseThrow(() -> new AssertionError(name));
      SessionPersistenceSchema.Field schema =
          crd.schemaFor(version).orElseThrow(() -> new AssertionError(name + ": no schema read"));
      assertTrue(SessionPersistenceSchema.isTables(schema, version), name + ": " + schema);
      seen.add(crd.bundleVersion());
    }
    assertEquals(18, crds.size(), "the CRDs carrying sessionPersistence in the six bundles");
    assertEquals(
        new TreeSet<>(List.of("v0.0.0-dev", "v1.1.0", "v1.2.1", "v1.4.1", "v1.5.1", "v1.6.1")),
        seen);
  }

  @Test
  void aChangedConstraintIsNotTheTables() throws Exception {
    GatewayApiCrd main =
        upstream().stream()
            .filter(c -> c.bundleVersion().equals("v0.0.0-dev") && c.kind().equals("HTTPRoute"))
            .findFirst()
            .orElseThrow();
    SessionPersistenceSchema.Field schema = main.persistenceSchema();
    SessionPersistenceSchema.Field cookie = schema.child("cookie");
    SessionPersistenceSchema.Field shorter = cookie.child("name").length(1, 128);
    SessionPersistenceSchema.Field changed =
        SessionPersistenceSchema.Field.object(
            "sessionPersistence",
            schema.children().stream()
                .map(
                    f ->
                        f.name().equals("cookie")
                            ? SessionPersistenceSchema.Field.object(
                                "cookie",
                                cookie.children().stream()
                                    .map(c -> c.name().equals("name") ? shorter : c)
                                    .toList())
                            : f)
                .toList());
    assertTrue(SessionPersistenceSchema.isTables(schema, GatewayApiVersion.MAIN));
    assertTrue(!SessionPersistenceSchema.isTables(changed, GatewayApiVersion.MAIN));
  }

  /**
   * The CRD rules on durations are SPL021's, and its fields are upstream's GEP-2257 pattern, in
   * every bundle: with a CRD in sight, SPL021 runs each check the CRD holds and SPL032 has nothing
   * left to evaluate.
   */
  @Test
  void everyUpstreamDurationRuleIsSpl021sAndEveryFieldGep2257s() throws Exception {
    java.util.Set<String> held =
        dev.spl.schema.DurationRules.HELD.stream()
            .map(GatewayApiCrd::normalize)
            .collect(java.util.stream.Collectors.toSet());
    java.util.Set<String> seen = new TreeSet<>();
    int fields = 0;
    for (GatewayApiCrd crd : upstream()) {
      for (var at : crd.durations().rules().entrySet()) {
        for (GatewayApiCrd.CelRule rule : at.getValue()) {
          assertTrue(
              held.contains(rule.normalized()),
              crd.bundleVersion() + " " + crd.kind() + " " + at.getKey() + ": " + rule.rule());
          seen.add(rule.normalized());
        }
      }
      for (String path :
          List.of(
              "spec.rules.timeouts.request",
              "spec.rules.timeouts.backendRequest",
              "spec.rules.retry.backoff",
              "spec.retryConstraint.budget.interval",
              "spec.retryConstraint.minRetryRate.interval")) {
        if (crd.durations().patterns().containsKey(path)) {
          assertTrue(crd.durations().isGepDuration(path), crd.kind() + " " + path);
          fields++;
        }
      }
    }
    assertEquals(held, seen, "every rule SPL021 holds is some bundle's");
    // timeouts in the 6 HTTPRoute bundles x2, backoff in 5 (v1.2 on), intervals in 4 XBTP x2
    assertEquals(6 * 2 + 5 + 4 * 2, fields);
  }
}
