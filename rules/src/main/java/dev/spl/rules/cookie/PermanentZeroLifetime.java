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
    summary = "A Permanent cookie with absoluteTimeout 0.",
    why =
        "For a Permanent cookie the gateway sends absoluteTimeout as Max-Age (or Expires). Max-Age=0"
            + " tells the browser to delete the cookie immediately, so no request ever carries it"
            + " and no session is pinned. The API server accepts it.",
    fix = "Give absoluteTimeout a positive duration such as 24h, or use lifetimeType Session.",
    reference = "RFC 6265 §5.2.2 (Max-Age); GEP-1619 lifetimeType")
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
