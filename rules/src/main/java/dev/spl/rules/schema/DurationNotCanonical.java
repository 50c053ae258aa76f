package dev.spl.rules.schema;

import dev.spl.model.Fix;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.GatewayDuration;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/**
 * SPL030: a session-persistence duration that repeats a unit or writes them out of order ({@code
 * 1h1h}, {@code 30m1h}). GEP-2257's grammar accepts it, and the GEP says such forms SHOULD NOT be
 * relied on: an implementation may read only part of it. An info, with the standard form as its fix
 * (the same length of time).
 */
@RuleDefinition(
    id = "SPL030",
    name = "duration-not-canonical",
    severity = Severity.INFO,
    summary = "A duration that repeats a unit or writes them out of order, which GEP-2257 accepts.",
    noPolicyBecause = NoPolicy.NOTHING_TO_REFUSE,
    fixable = true)
public final class DurationNotCanonical implements SessionPersistenceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{field} \"{written}\" repeats or reorders units; GEP-2257 says not to rely on it: write"
              + " {canonical}");

  private static final List<String> FIELDS = List.of("absoluteTimeout", "idleTimeout");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    if (!(site.node() instanceof MapNode persistence)) {
      return;
    }
    for (String field : FIELDS) {
      Node node = persistence.get(field);
      GatewayDuration d =
          node instanceof dev.spl.model.ScalarNode s && s.value() instanceof String text
              ? GatewayDuration.parse(text)
              : null;
      if (d == null || !d.repeatsOrReordersUnits()) {
        continue;
      }
      String canonical;
      try {
        canonical = GatewayDuration.format(d.value());
      } catch (IllegalArgumentException e) {
        continue; // over 99999h in all: no standard form to offer
      }
      reporter.report(
          info(),
          site.resource(),
          site.field(field),
          MESSAGE.format("field", field, "written", d.text(), "canonical", canonical),
          Fix.scalar("write " + canonical, node, canonical));
    }
  }
}
