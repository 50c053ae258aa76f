package dev.spl.rules.cel;

import dev.spl.rules.Reporter;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.CelPrograms;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;
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
    if (site.stopsCel()) {
      return; // the API server does not run CEL on an object with these schema errors
    }
    for (CrdCheck c : checks()) {
      if (!c.versions().contains(site.version())) {
        continue;
      }
      CelPrograms.Outcome outcome = CelPrograms.evaluate(c.expression(), site.celInput());
      if (outcome instanceof CelPrograms.Failed) {
        reporter.report(info(), site.resource(), site.path(), c.apiMessage() + "; " + c.fix());
      } else if (outcome instanceof CelPrograms.EvaluationError error) {
        reporter.report(info(), site.resource(), site.path(), evaluationFailure(c, error.reason()));
      }
    }
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
