package dev.spl.rules.cel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.TestCrds;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The installed CRD's own CEL rules decide, with its messages, where a CRD is in sight. */
public class InstalledCrdRuleTest {
  static final String PERMANENT =
      "!has(self.cookie) || !has(self.cookie.lifetimeType) || self.cookie.lifetimeType !="
          + " 'Permanent' || has(self.absoluteTimeout)";

  /** An HTTPRoute CRD of a release newer than spl, main's shape, with these rules. */
  static CrdsInSight crd(String... rulesAndMessages) {
    StringBuilder rules = new StringBuilder();
    for (int i = 0; i < rulesAndMessages.length; i += 2) {
      rules
          .append(i == 0 ? "" : ", ")
          .append("{rule: \"")
          .append(rulesAndMessages[i])
          .append("\", message: \"")
          .append(rulesAndMessages[i + 1])
          .append("\"}");
    }
    return TestCrds.inSight(
        TestCrds.httpRoute(
            "v1.7.0",
            null,
            "{properties: {cookie: {}, header: {}, absoluteTimeout: {}, type: {}},"
                + " x-kubernetes-validations: ["
                + rules
                + "]}"));
  }

  /**
   * Every rule's findings on a route with {@code persistence}, linted for main under {@code crds}.
   */
  public static List<Finding> lint(String persistence, CrdsInSight crds) {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            sessionPersistence: %s
        """
            .formatted(persistence);
    Engine.LintRun run =
        new Engine().start(LintOptions.defaults().withVersion(GatewayApiVersion.MAIN));
    run.accept(
        new ManifestLoader().loadText("r.yaml", route), GatewayApiVersion.MAIN, Set.of(), crds);
    return run.finish(1, 1).findings();
  }

  @Test
  void aRuleSplDoesNotHoldIsEvaluatedWithItsOwnMessage() {
    CrdsInSight crds =
        crd(
            PERMANENT,
            "AbsoluteTimeout must be specified when cookie lifetimeType is Permanent",
            "!has(self.absoluteTimeout) || duration(self.absoluteTimeout) >= duration('1m')",
            "absoluteTimeout must be at least 1m");
    List<Finding> found = lint("{cookie: {name: c}, absoluteTimeout: 30s}", crds);
    assertEquals(1, found.size(), found.toString());
    assertEquals("SPL032", found.get(0).ruleId());
    assertEquals(
        "absoluteTimeout must be at least 1m (the installed CRD's rule)", found.get(0).message());
    assertEquals(List.of(), lint("{cookie: {name: c}, absoluteTimeout: 2h}", crds));
  }

  @Test
  void splsOwnRuleSpeaksWithTheInstalledMessageAndOnlyWhereTheCrdHasIt() {
    List<Finding> found =
        lint(
            "{cookie: {name: c, lifetimeType: Permanent}}",
            crd(PERMANENT, "a vendor's words for the Permanent rule"));
    assertEquals(List.of("SPL010"), found.stream().map(Finding::ruleId).toList());
    assertEquals(
        "a vendor's words for the Permanent rule; add absoluteTimeout, e.g. 24h",
        found.get(0).message());
    // A CRD without the rule does not refuse the object: neither does spl.
    assertEquals(
        List.of(),
        lint(
            "{cookie: {name: c, lifetimeType: Permanent}}",
            crd("has(self.type)", "type is defaulted")));
  }

  @Test
  void theRulesSplHoldsAreTheCatalogues() {
    assertEquals(
        BuiltInRules.all().stream()
            .filter(r -> r instanceof CrdValidationRule)
            .map(r -> r.getClass())
            .sorted(java.util.Comparator.comparing(Class::getName))
            .toList(),
        InstalledCrdRule.SPLS_OWN.stream()
            .map(r -> r.getClass())
            .sorted(java.util.Comparator.comparing(Class::getName))
            .toList());
  }

  /**
   * A v1.7.0 HTTPRoute CRD, structural as the API server requires, of main's shape with a vendor's
   * changes: cookie.name at most 128 characters, a new cookie.sameSite enum, a pattern on path.
   */
  static final CrdsInSight FORK =
      TestCrds.inSight(
          TestCrds.httpRoute(
              "v1.7.0",
              "experimental",
              "{type: object, properties: {"
                  + "absoluteTimeout: {type: string, pattern: '^([0-9]{1,5}(h|m|s|ms)){1,4}$'},"
                  + " type: {type: string, enum: [Cookie, Header], default: Cookie},"
                  + " header: {type: object, required: [name], properties: {name: {type: string,"
                  + " minLength: 1, maxLength: 256}}},"
                  + " cookie: {type: object, properties: {"
                  + "name: {type: string, minLength: 1, maxLength: 128},"
                  + " path: {type: string, pattern: '^/', default: /},"
                  + " sameSite: {type: string, enum: [Strict, Lax, None]},"
                  + " lifetimeType: {type: string, enum: [Permanent, Session], default: Session}"
                  + "}}}}"));

  @Test
  void theInstalledSchemaDecidesFieldsLengthsAndPatterns() {
    // The fork's own field is a field: not SPL026 unknown-field.
    assertEquals(List.of(), lint("{cookie: {name: c, sameSite: Lax}}", FORK));
    // Its enum is checked by the enum rule, with the fork's values.
    List<Finding> badEnum = lint("{cookie: {name: c, sameSite: Loose}}", FORK);
    assertEquals(1, badEnum.size(), badEnum.toString());
    assertTrue(badEnum.get(0).message().contains("Strict"), badEnum.get(0).message());
    // A tighter limit than upstream's 256 is the CRD's own: SPL032 says so, SPL022 does not.
    List<Finding> tooLong = lint("{cookie: {name: " + "c".repeat(200) + "}}", FORK);
    assertEquals(List.of("SPL032"), tooLong.stream().map(Finding::ruleId).toList());
    assertEquals(
        "cookie.name is 200 characters, over the limit of 128 (the installed CRD's schema)",
        tooLong.get(0).message());
    assertEquals("spec.rules[0].sessionPersistence.cookie.name", tooLong.get(0).field());
    // (SPL131 also says the path does not cover the rule's match: another rule's finding.)
    List<Finding> badPath =
        lint("{cookie: {name: c, path: cart}}", FORK).stream()
            .filter(f -> f.ruleId().equals("SPL032"))
            .toList();
    assertEquals(1, badPath.size());
    assertEquals(
        "cookie.path must match ^/ (the installed CRD's schema)", badPath.get(0).message());
    // Without the CRD in sight, main's table: sameSite is unknown, 200 characters are fine.
    assertEquals(
        List.of("SPL026"),
        lint("{cookie: {name: c, sameSite: Lax}}", null).stream().map(Finding::ruleId).toList());
    assertEquals(List.of(), lint("{cookie: {name: " + "c".repeat(200) + "}}", null));
  }

  /** A v1.7.0 HTTPRoute CRD, main's shape, whose timeouts carry {@code timeoutRules}. */
  static CrdsInSight withTimeouts(String requestPattern, String timeoutRules) {
    return TestCrds.inSight(
        TestCrds.httpRoute(
                "v1.7.0",
                "experimental",
                "{type: object, properties: {cookie: {type: object, properties: {name: {type:"
                    + " string}}}, type: {type: string, default: Cookie}}}")
            .replace(
                "properties: {backendRefs: {type: array}",
                "properties: {backendRefs: {type: array}, timeouts: {type: object, properties:"
                    + " {request: {type: string, pattern: '"
                    + requestPattern
                    + "'}, backendRequest: {type: string, pattern:"
                    + " '^([0-9]{1,5}(h|m|s|ms)){1,4}$'}}, x-kubernetes-validations: ["
                    + timeoutRules
                    + "]}"));
  }

  static List<Finding> lintTimeouts(String timeouts, CrdsInSight crds) {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 80}]
            timeouts: %s
        """
            .formatted(timeouts);
    Engine.LintRun run =
        new Engine().start(LintOptions.defaults().withVersion(GatewayApiVersion.MAIN));
    run.accept(
        new ManifestLoader().loadText("r.yaml", route), GatewayApiVersion.MAIN, Set.of(), crds);
    return run.finish(1, 1).findings();
  }

  static final String DURATION = "^([0-9]{1,5}(h|m|s|ms)){1,4}$";

  static final String UPSTREAM_TIMEOUTS =
      "{rule: \"!(has(self.request) && has(self.backendRequest) && duration(self.request) !="
          + " duration('0s') && duration(self.backendRequest) > duration(self.request))\","
          + " message: 'backendRequest timeout cannot be longer than request timeout'}";

  @Test
  void theInstalledCrdsDurationRulesDecide() {
    // Upstream's rule: SPL021 checks it, in spl's words.
    CrdsInSight upstream = withTimeouts(DURATION, UPSTREAM_TIMEOUTS);
    assertEquals(
        List.of("SPL021"),
        lintTimeouts("{request: 10s, backendRequest: 20s}", upstream).stream()
            .map(Finding::ruleId)
            .toList());
    // A CRD without it: the API server accepts the pair, and so does spl.
    assertEquals(
        List.of(), lintTimeouts("{request: 10s, backendRequest: 20s}", withTimeouts(DURATION, "")));
    // A rule of the CRD's own: SPL032, its message, at the object it is on.
    CrdsInSight capped =
        withTimeouts(
            DURATION,
            UPSTREAM_TIMEOUTS
                + ", {rule: \"!has(self.request) || duration(self.request) <= duration('1h')\","
                + " message: 'request timeout must be at most 1h'}");
    List<Finding> found = lintTimeouts("{request: 2h}", capped);
    assertEquals(List.of("SPL032"), found.stream().map(Finding::ruleId).toList());
    assertEquals(
        "request timeout must be at most 1h (the installed CRD's rule)", found.get(0).message());
    assertEquals("spec.rules[0].timeouts", found.get(0).field());
    // ... not run on a value that is no duration: SPL021 says that, as the API server would.
    assertEquals(
        List.of("SPL021"),
        lintTimeouts("{request: 2d}", capped).stream().map(Finding::ruleId).toList());
    // A field of another pattern is the CRD's to judge: no GEP-2257 finding.
    assertEquals(List.of(), lintTimeouts("{request: 2d}", withTimeouts("^[0-9]+d$", "")));
  }

  @Test
  void anExpressionCelJavaCannotCompileIsNotGuessedAt() {
    CrdsInSight odd =
        withTimeouts(
            DURATION,
            "{rule: \"self.request.isWeird(((\", message: 'an expression cel-java cannot read'}");
    // It does not compile: nothing is said of it, and the lint goes on to the other rules.
    assertEquals(List.of(), lintTimeouts("{request: 2h}", odd));
    assertEquals(
        List.of("SPL021"),
        lintTimeouts("{request: 2x}", odd).stream().map(Finding::ruleId).toList());
  }
}
