package dev.spl.rules.aws;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.model.Suggestions;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SPL602: stickiness attributes of an ALB target group that Elastic Load Balancing rejects: an
 * unknown or misspelt stickiness key, a type an ALB does not have, a duration outside 1-604800 s,
 * an application cookie without a name or with a reserved one.
 */
@RuleDefinition(
    id = "SPL602",
    name = "alb-stickiness-attributes-invalid",
    severity = Severity.ERROR,
    summary = "ALB target-group stickiness attributes that Elastic Load Balancing rejects.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class AlbStickinessAttributesInvalid implements IndexRule {
  static final List<String> KNOWN =
      List.of(
          "stickiness.enabled",
          "stickiness.type",
          "stickiness.lb_cookie.duration_seconds",
          "stickiness.app_cookie.cookie_name",
          "stickiness.app_cookie.duration_seconds");
  private static final long MAX_SECONDS = 604_800;

  @Override
  public Inputs inputs() {
    return AlbAnnotations.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    // One target group may be the backend of several Ingresses: its problems are reported once.
    Set<Object> reported = new HashSet<>();
    for (AlbAnnotations.Backend b : AlbAnnotations.backends(index, context)) {
      Map<String, String> attributes =
          AlbAnnotations.attributes(b.annotations().get(AlbAnnotations.ATTRIBUTES));
      String problem = problem(attributes);
      if (problem != null && reported.add(List.of(b.attributesOn(), problem))) {
        reporter.report(
            info(),
            b.attributesOn(),
            FieldPath.of("metadata", "annotations", AlbAnnotations.ATTRIBUTES),
            problem,
            b.related());
      }
    }
  }

  public static final MessageTemplate UNKNOWN_ATTRIBUTE =
      MessageTemplate.of("target group attribute {key} is not one ALBs have{suggestion}");

  public static final MessageTemplate UNKNOWN_TYPE =
      MessageTemplate.of("stickiness.type {type} is not an ALB's: use lb_cookie or app_cookie");

  public static final MessageTemplate DURATION =
      MessageTemplate.of("{key} {value} is not 1-604800 seconds (7 days at most)");

  public static final MessageTemplate APP_COOKIE_UNNAMED =
      MessageTemplate.of(
          "app_cookie stickiness needs stickiness.app_cookie.cookie_name: the application's cookie");

  public static final MessageTemplate RESERVED_NAME =
      MessageTemplate.of(
          "cookie name {cookie} is reserved by the ALB (AWSALB, AWSALBAPP, AWSALBTG)");

  /** The first thing Elastic Load Balancing rejects in {@code attributes}, or null. */
  static String problem(Map<String, String> attributes) {
    for (String key : attributes.keySet()) {
      if (KNOWN.contains(key)) {
        continue;
      }
      String known = Suggestions.didYouMean(key, KNOWN);
      if (key.startsWith("stickiness.") || !known.isEmpty()) {
        return UNKNOWN_ATTRIBUTE.format("key", key, "suggestion", known);
      }
    }
    String type = attributes.get("stickiness.type");
    if (type != null && !type.equals("lb_cookie") && !type.equals("app_cookie")) {
      return UNKNOWN_TYPE.format("type", type);
    }
    for (String key :
        List.of(
            "stickiness.lb_cookie.duration_seconds", "stickiness.app_cookie.duration_seconds")) {
      String value = attributes.get(key);
      if (value != null && !inRange(value)) {
        return DURATION.format("key", key, "value", value);
      }
    }
    String cookie = attributes.get("stickiness.app_cookie.cookie_name");
    if ("app_cookie".equals(type) && "true".equals(attributes.get("stickiness.enabled"))) {
      if (cookie == null || cookie.isEmpty()) {
        return APP_COOKIE_UNNAMED.format();
      }
    }
    if (cookie != null && cookie.startsWith("AWSALB")) {
      return RESERVED_NAME.format("cookie", cookie);
    }
    return null;
  }

  /** A whole number of seconds, 1 to 604800, in at most 7 digits (no sign, no unit). */
  private static boolean inRange(String value) {
    if (value.isEmpty() || value.length() > 7 || !value.chars().allMatch(Character::isDigit)) {
      return false;
    }
    long seconds = Long.parseLong(value);
    return seconds >= 1 && seconds <= MAX_SECONDS;
  }
}
