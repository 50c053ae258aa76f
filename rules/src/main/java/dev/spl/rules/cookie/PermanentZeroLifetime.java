package dev.spl.rules.cookie;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.GatewayDuration;
import dev.spl.schema.SessionPersistenceSite;

/** SPL133: a Permanent cookie with absoluteTimeout 0, which the browser deletes at once. */
@RuleDefinition(
    id = "SPL133",
    name = "permanent-zero-lifetime",
    severity = Severity.ERROR,
    summary = "A Permanent cookie with absoluteTimeout 0.")
public final class PermanentZeroLifetime implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "absoluteTimeout \"{timeout}\" on a Permanent cookie sends Max-Age=0, which deletes it at"
              + " once; use e.g. 24h");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    GatewayDuration timeout = site.absoluteTimeout();
    if (site.isPermanent() && timeout != null && timeout.value().isZero()) {
      reporter.report(
          info(),
          site.resource(),
          site.field("absoluteTimeout"),
          MESSAGE.format("timeout", timeout.text()));
    }
  }
}
