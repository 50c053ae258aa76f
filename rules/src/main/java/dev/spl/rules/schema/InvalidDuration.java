package dev.spl.rules.schema;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Fix;
import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.DurationRules;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.GatewayDuration;
import dev.spl.schema.SchemaViolation;
import dev.spl.schema.SessionPersistenceSchema;
import dev.spl.schema.SessionPersistenceSite;
import java.time.Duration;
import java.util.List;

/**
 * SPL021: a duration in an object spl reads is not a GEP-2257 duration, or breaks its CRD's CEL
 * rule: session persistence timeouts, HTTPRoute rule timeouts and retry backoff, and the retry
 * budget intervals of XBackendTrafficPolicy.
 */
@RuleDefinition(
    id = "SPL021",
    name = "invalid-duration",
    severity = Severity.ERROR,
    summary = "A Gateway API duration is not a GEP-2257 duration, or breaks its CRD's CEL rule.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA,
    fixable = true)
public final class InvalidDuration implements SessionPersistenceRule, ResourceRule {
  public static final MessageTemplate NOT_A_DURATION =
      MessageTemplate.of("{field} \"{value}\" is not a GEP-2257 duration; {hint}");

  public static final MessageTemplate BUDGET_INTERVAL =
      MessageTemplate.of(
          "retry budget interval {value} is outside 1s..1h; the API server rejects it");

  public static final MessageTemplate MIN_RETRY_RATE_INTERVAL =
      MessageTemplate.of(
          "minRetryRate interval {value} must be over 0s and at most 1h; the API server rejects it");

  public static final MessageTemplate BACKEND_REQUEST_LONGER =
      MessageTemplate.of(
          "backendRequest {backend} is longer than request {request}; the API server rejects it:"
              + " shorten it or raise request");

  @Override
  public Inputs inputs() {
    return Inputs.union(
        List.of(
            PERSISTENCE_SITES,
            Inputs.of(Kinds.HTTP_ROUTE, "rules.timeouts", "rules.retry")
                .and(Kinds.X_BACKEND_TRAFFIC_POLICY, "retryConstraint")));
  }

  private static final Duration ONE_SECOND = Duration.ofSeconds(1);
  private static final Duration ONE_HOUR = Duration.ofHours(1);

  private static final String TIMEOUTS_RULE = DurationRules.TIMEOUTS;
  private static final String BUDGET_INTERVAL_RULE = DurationRules.BUDGET_INTERVAL;
  private static final String MIN_RETRY_RATE_INTERVAL_RULE = DurationRules.MIN_RETRY_RATE_INTERVAL;

  /**
   * What the installed CRD of {@code resource}'s kind says of its durations, when one is in sight.
   */
  static java.util.Optional<GatewayApiCrd.Durations> installed(
      Resource resource, RuleContext context) {
    return context == null
        ? java.util.Optional.empty()
        : context.crdOf(resource).map(GatewayApiCrd::durations);
  }

  /** True when the check of {@code rule} at {@code path} is to run: no CRD, or the CRD holds it. */
  private static boolean holds(
      java.util.Optional<GatewayApiCrd.Durations> crd, FieldPath path, String rule) {
    return crd.isEmpty() || crd.get().holds(GatewayApiCrd.schemaPath(path), rule);
  }

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    for (SchemaViolation v : site.violations()) {
      if (v.kind() == SchemaViolation.Kind.PATTERN
          && v.detail().equals(SessionPersistenceSchema.Format.DURATION.name())) {
        ScalarNode node = (ScalarNode) v.node();
        String text = (String) node.value();
        String repair = repair(text);
        reporter.report(
            info(),
            site.resource(),
            v.path(),
            NOT_A_DURATION.format("field", v.field(), "value", text, "hint", hint(text, repair)),
            fix(node, repair));
      }
    }
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode spec = resource.spec();
    if (spec == null) {
      return;
    }
    if (resource.is(KindCatalogue.GATEWAY_GROUP, Kinds.HTTP_ROUTE)) {
      checkRouteRules(resource, spec, context, reporter);
    } else if (resource.is(KindCatalogue.EXPERIMENTAL_GROUP, Kinds.X_BACKEND_TRAFFIC_POLICY)
        && context.version().compareTo(GatewayApiVersion.V1_3) >= 0) {
      java.util.Optional<GatewayApiCrd.Durations> crd = installed(resource, context);
      MapNode retry = spec.map("retryConstraint");
      if (retry != null) {
        FieldPath at = FieldPath.of("spec", "retryConstraint");
        GatewayDuration budget =
            duration(resource, retry.map("budget"), at.key("budget"), "interval", crd, reporter);
        if (budget != null
            && holds(crd, at.key("budget").key("interval"), BUDGET_INTERVAL_RULE)
            && (budget.value().compareTo(ONE_SECOND) < 0
                || budget.value().compareTo(ONE_HOUR) > 0)) {
          reporter.report(
              info(),
              resource,
              at.key("budget").key("interval"),
              BUDGET_INTERVAL.format("value", budget.text()));
        }
        GatewayDuration rate =
            duration(
                resource,
                retry.map("minRetryRate"),
                at.key("minRetryRate"),
                "interval",
                crd,
                reporter);
        if (rate != null
            && holds(crd, at.key("minRetryRate").key("interval"), MIN_RETRY_RATE_INTERVAL_RULE)
            && (rate.value().isZero() || rate.value().compareTo(ONE_HOUR) > 0)) {
          reporter.report(
              info(),
              resource,
              at.key("minRetryRate").key("interval"),
              MIN_RETRY_RATE_INTERVAL.format("value", rate.text()));
        }
      }
    }
  }

  private void checkRouteRules(
      Resource route, MapNode spec, RuleContext context, Reporter reporter) {
    ListNode rules = spec.list("rules");
    if (rules == null) {
      return;
    }
    java.util.Optional<GatewayApiCrd.Durations> crd = installed(route, context);
    for (int i = 0; i < rules.size(); i++) {
      if (!(rules.get(i) instanceof MapNode rule)) {
        continue;
      }
      FieldPath at = FieldPath.of("spec", "rules", i);
      MapNode timeouts = rule.map("timeouts");
      GatewayDuration request =
          duration(route, timeouts, at.key("timeouts"), "request", crd, reporter);
      GatewayDuration backend =
          duration(route, timeouts, at.key("timeouts"), "backendRequest", crd, reporter);
      if (request != null
          && holds(crd, at.key("timeouts"), TIMEOUTS_RULE)
          && backend != null
          && !request.value().isZero()
          && backend.value().compareTo(request.value()) > 0) {
        reporter.report(
            info(),
            route,
            at.key("timeouts").key("backendRequest"),
            BACKEND_REQUEST_LONGER.format("backend", backend.text(), "request", request.text()));
      }
      if (context.version().compareTo(GatewayApiVersion.V1_2) >= 0) {
        duration(route, rule.map("retry"), at.key("retry"), "backoff", crd, reporter);
      }
    }
  }

  /**
   * The duration at {@code parent.key}, or null when absent or invalid (then reported). Values that
   * are no string are SPL027's business for persistence and left alone elsewhere. With a CRD in
   * sight, only a field the CRD has as a GEP-2257 duration is read: one it lacks is pruned (or of
   * another version), one of another pattern is not spl's to judge.
   */
  private GatewayDuration duration(
      Resource resource,
      MapNode parent,
      FieldPath parentPath,
      String key,
      java.util.Optional<GatewayApiCrd.Durations> crd,
      Reporter reporter) {
    if (parent == null
        || !(parent.get(key) instanceof ScalarNode s)
        || !(s.value() instanceof String text)
        || (crd.isPresent()
            && !crd.get().isGepDuration(GatewayApiCrd.schemaPath(parentPath.key(key))))) {
      return null;
    }
    GatewayDuration d = GatewayDuration.parse(text);
    if (d == null) {
      String repair = repair(text);
      reporter.report(
          info(),
          resource,
          parentPath.key(key),
          NOT_A_DURATION.format("field", key, "value", text, "hint", hint(text, repair)),
          fix(s, repair));
      return null;
    }
    return d;
  }

  /** Why {@code text} is refused and what to write; {@code repair} is its one repair, or null. */
  static String hint(String text, String repair) {
    if (text.matches("\\d{1,9}d")) {
      return "days are not a unit: " + (repair == null ? "at most 99999h" : "write " + repair);
    }
    if (text.matches("\\d{1,9}")) {
      if (repair != null) {
        return "a number needs a unit: write " + repair;
      }
      // seconds or milliseconds? Two fixes, so none is made; both are named
      String seconds = GatewayDuration.repaired(text + "s");
      return "a number needs a unit: "
          + (seconds == null ? "" : seconds + " (" + text + "s) or ")
          + GatewayDuration.repaired(text + "ms")
          + " ("
          + text
          + "ms)?";
    }
    if (repair != null) {
      return reason(text) + "write " + repair;
    }
    if (text.contains(".")) {
      return "decimals are not allowed: write e.g. 1h30m for 1.5h";
    }
    if (hasDigitRun(text, 6)) {
      return "at most 5 digits a part: split it, e.g. 27h46m40s";
    }
    if (text.contains(" ")) {
      return "remove the spaces, e.g. 1h30m";
    }
    return "use 1-4 parts of digits with h, m, s or ms, e.g. 24h or 1h30m";
  }

  /**
   * The one GEP-2257 form of {@code text}'s length of time, or null when it has none or two: a bare
   * number is seconds or milliseconds, and is one length only when both agree (0).
   */
  static String repair(String text) {
    String repaired = GatewayDuration.repaired(text);
    if (repaired == null && text.matches("\\d{1,9}")) {
      String seconds = GatewayDuration.repaired(text + "s");
      return seconds != null && seconds.equals(GatewayDuration.repaired(text + "ms"))
          ? seconds
          : null;
    }
    return repaired;
  }

  /** What GEP-2257 refuses in {@code text}, which has a repaired form, ending in ": ". */
  private static String reason(String text) {
    java.util.regex.Matcher word =
        java.util.regex.Pattern.compile("\\d\\s*([A-Za-z]{3,})").matcher(text);
    if (word.find()) {
      return "\"" + word.group(1) + "\" is not a unit: "; // 30 min, 2 hours
    }
    if (text.contains("d")) {
      return "days are not a unit: ";
    }
    if (text.contains(".")) {
      return "decimals are not allowed: ";
    }
    if (hasDigitRun(text, 6)) {
      return "at most 5 digits a part: ";
    }
    if (text.contains(" ")) {
      return "remove the spaces: ";
    }
    return "at most 4 parts: ";
  }

  /** {@code repair} written over {@code node}, or null when there is no one repair. */
  private static Fix fix(ScalarNode node, String repair) {
    return repair == null ? null : Fix.scalar("write " + repair, node, repair);
  }

  /** True when {@code text} holds {@code n} digits in a row (one pass: no backtracking). */
  static boolean hasDigitRun(String text, int n) {
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      run = Character.isDigit(text.charAt(i)) && text.charAt(i) < 128 ? run + 1 : 0;
      if (run >= n) {
        return true;
      }
    }
    return false;
  }
}
