package dev.spl.rules.cel;

import dev.spl.model.MessageTemplate;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.rules.TableMessages;
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
abstract class CrdValidationRule implements SessionPersistenceRule, TableMessages {
  /** The installed CRD's own message (it may differ from the release's) and spl's fix. */
  static final MessageTemplate INSTALLED = MessageTemplate.of("{message}; {fix}");

  /** When the API server cannot evaluate the rule, it rejects the object. */
  static final MessageTemplate NOT_EVALUATED =
      MessageTemplate.of("the API server cannot evaluate \"{message}\" ({reason}) and rejects it");

  /**
   * The CRD rule in the versions that have it.
   *
   * @param apiMessage the CRD's own message, which the API server prints
   * @param fix what to change, appended to the message
   */
  record CrdCheck(
      Set<GatewayApiVersion> versions, String expression, String apiMessage, String fix) {}

  abstract List<CrdCheck> checks();

  /** Each release's message with spl's fix, as the release's CRD says it. */
  @Override
  public List<MessageTemplate> tableMessages() {
    return checks().stream().map(CrdValidationRule::released).distinct().toList();
  }

  private static MessageTemplate released(CrdCheck c) {
    return MessageTemplate.of(c.apiMessage() + "; " + c.fix());
  }

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
      String refused = released(c).format();
      if (installed.isPresent()) {
        Optional<GatewayApiCrd.CelRule> own = sameRule(installed.get(), c.expression());
        if (own.isEmpty()) {
          continue; // the installed CRD has no such rule
        }
        refused = INSTALLED.format("message", own.get().message(), "fix", c.fix());
      } else if (!c.versions().contains(site.version())) {
        continue;
      }
      CelPrograms.Outcome outcome = CelPrograms.evaluate(c.expression(), site.celInput());
      if (outcome instanceof CelPrograms.Failed) {
        reporter.report(info(), site.resource(), site.path(), refused);
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
    return NOT_EVALUATED.format("message", check.apiMessage(), "reason", reason);
  }
}
