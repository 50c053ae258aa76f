package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.config.SplConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The admin's configuration at admission: modes, failOn, rule levels, annotation suppressions. */
class AdmissionModesTest {
  // The reviews carry Backends, whose persistence only the gep-1619-backend proposal has.
  static final LintOptions BACKEND_PROPOSAL =
      LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND);

  static final JsonMapper JSON = JsonMapper.builder().build();
  @TempDir Path dir;

  /**
   * An error (SPL133, a Permanent cookie with absoluteTimeout 0s) and a warning (SPL131, a relative
   * cookie path) on one Backend.
   */
  static final String BOTH =
      Reviews.review(
          "u-both",
          "CREATE",
          "gateway.networking.x-k8s.io",
          "XBackend",
          "shop",
          Reviews.backend(
              "{\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"cart\", \"path\": \"cart\","
                  + " \"lifetimeType\": \"Permanent\"}}"));

  static final String ONLY_WARNING = Reviews.warnedBackend();

  SplConfig config(String yaml) throws Exception {
    return SplConfig.load(Files.writeString(dir.resolve("spl.yaml"), yaml));
  }

  JsonNode review(SplConfig config, String defaultMode, String override, String body)
      throws Exception {
    AdmissionHandler h =
        new AdmissionHandler(
            new Engine(),
            BACKEND_PROPOSAL,
            ClusterState.NONE,
            false,
            () -> config,
            dev.spl.config.AdmissionMode.parse(defaultMode));
    return h.review(
            JSON.readTree(body),
            java.util.OptionalLong.empty(),
            override == null ? null : dev.spl.config.AdmissionMode.parse(override))
        .review()
        .get("response");
  }

  @Test
  void enforceDeniesWarnWarnsAuditOnlySaysNothing() throws Exception {
    SplConfig none = SplConfig.none();
    JsonNode enforce = review(none, "enforce", null, BOTH);
    assertFalse(enforce.get("allowed").asBoolean());
    assertTrue(enforce.get("status").get("message").asString().contains("[SPL133]"));
    assertTrue(enforce.get("warnings").get(0).asString().startsWith("SPL131"), enforce.toString());

    JsonNode warn = review(none, "warn", null, BOTH);
    assertTrue(warn.get("allowed").asBoolean(), warn.toString());
    assertEquals(2, warn.get("warnings").size(), warn.toString());
    assertTrue(warn.get("warnings").toString().contains("SPL133"), warn.toString());

    JsonNode audit = review(none, "audit-only", null, BOTH);
    assertTrue(audit.get("allowed").asBoolean());
    assertFalse(audit.has("warnings"), audit.toString());

    // the namespace's label (the path it was sent to) wins over the configured and default mode
    assertTrue(
        review(config("admission: {mode: enforce}\n"), "enforce", "warn", BOTH)
            .get("allowed")
            .asBoolean());
    // the configuration's mode wins over the flag's default
    assertTrue(
        review(config("admission: {mode: warn}\n"), "enforce", null, BOTH)
            .get("allowed")
            .asBoolean());
  }

  @Test
  void failOnAndRuleLevelsComeFromTheConfiguration() throws Exception {
    assertTrue(review(SplConfig.none(), "enforce", null, ONLY_WARNING).get("allowed").asBoolean());
    JsonNode strict = review(config("failOn: warning\n"), "enforce", null, ONLY_WARNING);
    assertFalse(strict.get("allowed").asBoolean());
    assertTrue(
        strict
            .get("status")
            .get("message")
            .asString()
            .contains("1 finding at or above failOn: [SPL131]"),
        strict.toString());
    assertTrue(review(config("failOn: never\n"), "enforce", null, BOTH).get("allowed").asBoolean());
    JsonNode off = review(config("rules: {SPL133: off}\n"), "enforce", null, BOTH);
    assertTrue(off.get("allowed").asBoolean(), off.toString());
    JsonNode demoted =
        review(config("rules: {permanent-zero-lifetime: warning}\n"), "enforce", null, BOTH);
    assertTrue(demoted.get("allowed").asBoolean());
    assertTrue(demoted.get("warnings").toString().contains("SPL133"), demoted.toString());
    JsonNode suppressed =
        review(
            config(
                "suppressions:\n- {kind: XBackend, namespace: shop, name: cart, reason: vendor chart}\n"),
            "enforce",
            null,
            BOTH);
    assertTrue(suppressed.get("allowed").asBoolean());
    assertFalse(suppressed.has("warnings"), suppressed.toString());
  }

  @Test
  void anAuthorsAnnotationSilencesWhatTheAdminAllows() throws Exception {
    String annotated =
        BOTH.replace(
            "\"metadata\": {\"name\": \"cart\"}",
            "\"metadata\": {\"name\": \"cart\", \"annotations\": {\"ignore.spl.dev/permanent-zero-lifetime\": \"we know\","
                + " \"ignore.spl.dev/cookie-path-not-absolute\": \"legacy client\"}}");
    assertTrue(annotated.contains("ignore.spl.dev/permanent-zero-lifetime"), annotated);
    // default at admission: warnings only, so the error still denies
    JsonNode byDefault = review(SplConfig.none(), "enforce", null, annotated);
    assertFalse(byDefault.get("allowed").asBoolean(), byDefault.toString());
    assertFalse(byDefault.toString().contains("SPL131"), "the warning was silenced: " + byDefault);
    JsonNode all =
        review(
            config("admission: {allowAnnotationSuppressions: all}\n"), "enforce", null, annotated);
    assertTrue(all.get("allowed").asBoolean(), all.toString());
    JsonNode none =
        review(
            config("admission: {allowAnnotationSuppressions: none}\n"), "enforce", null, annotated);
    assertFalse(none.get("allowed").asBoolean());
    assertTrue(none.toString().contains("SPL131"), none.toString());
  }

  /**
   * An author's ignore.spl.dev annotation is judged at the severity the admin's configuration gives
   * the rule, as the generated ValidatingAdmissionPolicies judge it (issue 26: with SPL131 raised
   * to error and annotation suppressions allowed for warnings only, the webhook let the annotated
   * object through while the policy denied it). Both directions.
   */
  @Test
  void anAnnotationIsJudgedAtTheConfiguredSeverity() throws Exception {
    String backend =
        """
        {"apiVersion": "gateway.networking.x-k8s.io/v1alpha1", "kind": "Backend",
         "metadata": {"name": "cart", "namespace": "shop",
                      "annotations": {"ignore.spl.dev/%s": "reviewed with the team"}},
         "spec": {"type": "EndpointSelector", "endpointSelector": {
           "selector": {"matchLabels": {"app": "cart"}},
           "sessionPersistence": {%s}}}}
        """;
    java.util.function.BiFunction<String, String, JsonNode> review =
        (yaml, object) -> {
          try {
            return review(
                config(yaml),
                "enforce",
                null,
                Reviews.review(
                    "u", "CREATE", "gateway.networking.x-k8s.io", "Backend", "shop", object));
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        };
    String relativePath = "\"cookie\": {\"name\": \"cart\", \"path\": \"cart\"}";
    // SPL131 is a warning: the author's annotation may hide it
    assertTrue(
        review
            .apply("failOn: warning\n", backend.formatted("SPL131", relativePath))
            .get("allowed")
            .asBoolean());
    // raised to error: it may not, so the object is denied (as the policy denies it)
    JsonNode raised =
        review.apply("rules: {SPL131: error}\n", backend.formatted("SPL131", relativePath));
    assertFalse(raised.get("allowed").asBoolean(), raised.toString());
    assertTrue(raised.toString().contains("SPL131"), raised.toString());
    // an error lowered to a warning: the annotation may hide it again
    String zeroLifetime =
        "\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"cart\", \"lifetimeType\": \"Permanent\"}";
    assertFalse(
        review.apply("{}\n", backend.formatted("SPL133", zeroLifetime)).get("allowed").asBoolean(),
        "an error is not the author's to hide");
    JsonNode lowered =
        review.apply("rules: {SPL133: warning}\n", backend.formatted("SPL133", zeroLifetime));
    assertTrue(lowered.get("allowed").asBoolean(), lowered.toString());
    assertEquals(null, lowered.get("warnings"), "hidden by the annotation: " + lowered);
  }
}
