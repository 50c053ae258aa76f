package dev.spl.rules.kong;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/**
 * SPL271: a KongUpstreamPolicy whose sticky shape its CRD refuses. The CRD's CEL rules
 * (Kong/kubernetes-configuration, as KIC 1fa68f8 installs it): stickySessions needs algorithm
 * sticky-sessions, hashOn.input none and no other hashOn field, and a cookie; hashOn.cookie and
 * hashOn.cookiePath go together. The API server refuses the policy, so no Service it would pin is.
 */
@RuleDefinition(
    id = "SPL271",
    name = "kong-sticky-sessions-refused",
    severity = Severity.ERROR,
    summary = "A KongUpstreamPolicy's sticky sessions or cookie hash in a shape its CRD refuses.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class KongStickySessionsRefused implements ResourceRule {
  public static final MessageTemplate NEEDS_ALGORITHM =
      MessageTemplate.of(
          "stickySessions needs algorithm: sticky-sessions (the CRD refuses {algorithm})");
  public static final MessageTemplate NEEDS_INPUT_NONE =
      MessageTemplate.of(
          "stickySessions needs hashOn.input: none and no other hashOn field; the CRD refuses"
              + " {hashOn}");
  public static final MessageTemplate NEEDS_COOKIE =
      MessageTemplate.of("stickySessions needs a cookie name: the CRD refuses it without");
  public static final MessageTemplate COOKIE_WITHOUT_PATH =
      MessageTemplate.of("hashOn.cookie needs hashOn.cookiePath: the CRD refuses it without");
  public static final MessageTemplate PATH_WITHOUT_COOKIE =
      MessageTemplate.of("hashOn.cookiePath needs hashOn.cookie: the CRD refuses it without");

  private static final List<String> HASH_FIELDS =
      List.of("cookie", "cookiePath", "header", "uriCapture", "queryArg");

  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.KONG_UPSTREAM_POLICY, "algorithm", "hashOn", "stickySessions");
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode spec = resource.spec();
    if (!Kinds.KONG_UPSTREAM_POLICY.equals(resource.kind())
        || !"configuration.konghq.com".equals(resource.group())
        || spec == null) {
      return;
    }
    MapNode hashOn = spec.map("hashOn");
    MapNode sticky = spec.map("stickySessions");
    if (spec.has("stickySessions")) {
      String algorithm = spec.string("algorithm");
      if (!"sticky-sessions".equals(algorithm)) {
        reporter.report(
            info(),
            resource,
            FieldPath.of("spec", spec.has("algorithm") ? "algorithm" : "stickySessions"),
            NEEDS_ALGORITHM.format("algorithm", algorithm == null ? "no algorithm" : algorithm));
      }
      String other = hashOn == null ? null : otherHashField(hashOn);
      if (hashOn == null || !"none".equals(hashOn.string("input")) || other != null) {
        reporter.report(
            info(),
            resource,
            FieldPath.of("spec", hashOn == null ? "stickySessions" : "hashOn"),
            NEEDS_INPUT_NONE.format("hashOn", describe(hashOn, other)));
      }
      if (sticky == null || !sticky.has("cookie")) {
        reporter.report(
            info(), resource, FieldPath.of("spec", "stickySessions"), NEEDS_COOKIE.format());
      }
    }
    if (hashOn != null && hashOn.has("cookie") != hashOn.has("cookiePath")) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "hashOn", hashOn.has("cookie") ? "cookie" : "cookiePath"),
          (hashOn.has("cookie") ? COOKIE_WITHOUT_PATH : PATH_WITHOUT_COOKIE).format());
    }
  }

  private static String otherHashField(MapNode hashOn) {
    return HASH_FIELDS.stream().filter(hashOn::has).findFirst().orElse(null);
  }

  private static String describe(MapNode hashOn, String other) {
    if (hashOn == null) {
      return "no hashOn";
    }
    if (other != null) {
      return "hashOn." + other;
    }
    String input = hashOn.string("input");
    return input == null ? "hashOn without input" : "hashOn.input: " + input;
  }
}
