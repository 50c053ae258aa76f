package dev.spl.rules.cel;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.CelPrograms;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * SPL032: a rule of the installed Gateway API CRD on sessionPersistence that spl's own rules do not
 * hold: a CEL rule other than SPL010-SPL014's, or a schema constraint (length, pattern, required
 * field) its table lacks - a release newer than spl, or a vendor's fork. The CRD in sight is
 * evaluated as the API server would, so such a bundle is validated exactly.
 */
@RuleDefinition(
    id = "SPL032",
    name = "installed-crd-rule",
    severity = Severity.ERROR,
    summary =
        "A rule of the installed Gateway API CRD on sessionPersistence (CEL or schema) that spl's"
            + " own rules lack fails.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class InstalledCrdRule implements SessionPersistenceRule {
  /** The rules whose expressions spl holds itself: the CRD's copies are theirs to report. */
  static final List<CrdValidationRule> SPLS_OWN =
      List.of(
          new PermanentNeedsAbsoluteTimeout(),
          new CookieNeedsCookieType(),
          new CookieTypeNeedsCookie(),
          new HeaderNeedsHeaderType(),
          new HeaderTypeNeedsHeader());

  private static final Set<String> KNOWN =
      SPLS_OWN.stream()
          .flatMap(r -> r.checks().stream())
          .map(c -> GatewayApiCrd.normalize(c.expression()))
          .collect(Collectors.toUnmodifiableSet());

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    // The constraints of an installed CRD's schema that spl's table does not hold. (Without the
    // context there is no installed CRD and so no such violation.)
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.CRD_CONSTRAINT
          || v.kind() == SchemaViolation.Kind.CRD_PATTERN) {
        reporter.report(
            info(), site.resource(), v.path(), v.detail() + " (the installed CRD's schema)");
      }
    }
  }

  @Override
  public void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
    check(site, reporter);
    Optional<List<GatewayApiCrd.CelRule>> installed =
        CrdValidationRule.installedRules(site, context);
    if (installed.isEmpty() || site.stopsCel()) {
      return;
    }
    for (GatewayApiCrd.CelRule rule : installed.get()) {
      if (KNOWN.contains(rule.normalized())) {
        continue;
      }
      CelPrograms.Outcome outcome = CelPrograms.evaluate(rule.rule(), site.celInput());
      if (outcome instanceof CelPrograms.Failed) {
        reporter.report(
            info(), site.resource(), site.path(), rule.message() + " (the installed CRD's rule)");
      } else if (outcome instanceof CelPrograms.EvaluationError error) {
        reporter.report(
            info(),
            site.resource(),
            site.path(),
            "the API server cannot evaluate the installed CRD's rule \""
                + rule.message()
                + "\" ("
                + error.reason()
                + ") and rejects it");
      }
    }
  }
}
