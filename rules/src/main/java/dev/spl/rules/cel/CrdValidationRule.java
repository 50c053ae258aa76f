package dev.spl.rules.cel;

import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.CelPrograms;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A rule that is one of the CRD's {@code x-kubernetes-validations} on the SessionPersistence type,
 * evaluated with cel-java on the pruned, defaulted object, as the API server does.
 */
abstract class CrdValidationRule implements SessionPersistenceRule {

  /**
   * The CRD rule in the versions that have it.
   *
   * @param apiMessage the CRD's own message, which the API server prints
   * @param fix what to change, appended to the message
   */
  record CrdCheck(
      Set<GatewayApiVersion> versions, String expression, String apiMessage, String fix) {}

  abstract List<CrdCheck> checks();

  @Override
  public final void check(SessionPersistenceSite site, Reporter reporter) {
    check(site, null, reporter);
  }

  /**
   * With the resource's Gateway API CRD in sight, its own rules decide: each of this rule's checks
   * whose expression the CRD has is evaluated, with the CRD's message; without one, the checks of
   * the target version's table are.
   */
  @Override
  public final void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
    if (site.stopsCel()) {
      return; // the API server does not run CEL on an object with these schema errors
    }
    Optional<List<GatewayApiCrd.CelRule>> installed = installedRules(site, context);
    for (CrdCheck c : checks()) {
      String message = c.apiMessage();
      if (installed.isPresent()) {
        Optional<GatewayApiCrd.CelRule> own = sameRule(installed.get(), c.expression());
        if (own.isEmpty()) {
          continue; // the installed CRD has no such rule
        }
        message = own.get().message();
      } else if (!c.versions().contains(site.version())) {
        continue;
      }
      CelPrograms.Outcome outcome = CelPrograms.evaluate(c.expression(), site.celInput());
      if (outcome instanceof CelPrograms.Failed) {
        reporter.report(info(), site.resource(), site.path(), message + "; " + c.fix());
      } else if (outcome instanceof CelPrograms.EvaluationError error) {
        reporter.report(info(), site.resource(), site.path(), evaluationFailure(c, error.reason()));
      }
    }
  }

  /**
   * The x-kubernetes-validations of the site's object in the CRD of its kind in sight, when that
   * CRD has the field; empty when no CRD decides.
   */
  static Optional<List<GatewayApiCrd.CelRule>> installedRules(
      SessionPersistenceSite site, RuleContext context) {
    if (context == null) {
      return Optional.empty();
    }
    return context
        .crdOf(site.resource())
        .filter(crd -> crd.persistence() != GatewayApiCrd.Persistence.ABSENT)
        .map(GatewayApiCrd::persistenceRules);
  }

  private static Optional<GatewayApiCrd.CelRule> sameRule(
      List<GatewayApiCrd.CelRule> rules, String expression) {
    String wanted = GatewayApiCrd.normalize(expression);
    return rules.stream().filter(r -> r.normalized().equals(wanted)).findFirst();
  }

  /** The message when the API server cannot evaluate the rule and so rejects the object. */
  String evaluationFailure(CrdCheck check, String reason) {
    return "the API server cannot evaluate \""
        + check.apiMessage()
        + "\" ("
        + reason
        + ") and rejects it";
  }
}
