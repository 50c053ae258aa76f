package dev.spl.rules.nginx;

import dev.spl.index.Inputs;
import dev.spl.model.Fix;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayDuration;
import java.util.regex.Pattern;

/** SPL202: an ingress-nginx cookie lifetime that is not a positive number of seconds. */
@RuleDefinition(
    id = "SPL202",
    name = "nginx-cookie-lifetime-dropped",
    severity = Severity.ERROR,
    summary =
        "ingress-nginx session-cookie-max-age or -expires is not a positive number of seconds.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER,
    fixable = true)
public final class NginxCookieLifetimeDropped implements ResourceRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.ANNOTATIONS;
  }

  public static final MessageTemplate DROPPED =
      MessageTemplate.of(
          "{annotation} \"{value}\" is not whole seconds: ingress-nginx drops it (session cookie)");
  public static final MessageTemplate DROPPED_READABLE =
      MessageTemplate.of(
          "{annotation} \"{value}\" is not whole seconds: ingress-nginx drops it (session cookie)"
              + " ({stripped} is {seconds})");
  public static final MessageTemplate DELETES =
      MessageTemplate.of(
          "{annotation} {value} reaches the browser, which deletes the cookie at once");
  public static final MessageTemplate IGNORED_BY_BROWSERS =
      MessageTemplate.of(
          "{annotation} \"{value}\" is not whole seconds; browsers ignore it, so the cookie ends"
              + " with the session");

  private static final Pattern SECONDS = Pattern.compile("[1-9]\\d*");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context);
    if (ing == null) {
      return;
    }
    check(ing, "session-cookie-max-age", false, reporter);
    check(ing, "session-cookie-expires", true, reporter);
  }

  private void check(NginxIngress ing, String name, boolean spacesRemoved, Reporter reporter) {
    String raw = ing.raw(name);
    if (raw == null) {
      return;
    }
    String kept = controllerValue(raw, spacesRemoved);
    String message;
    Fix fix = null;
    if (kept == null) {
      Long seconds = seconds(raw);
      message =
          seconds == null
              ? DROPPED.format("annotation", name, "value", raw)
              : DROPPED_READABLE.format(
                  "annotation", name, "value", raw, "stripped", raw.strip(), "seconds", seconds);
      Node node = ing.resource().nodeAt(ing.at(name));
      fix =
          seconds == null || node == null
              ? null
              : Fix.scalar("write " + seconds, node, "" + seconds);
    } else if (SECONDS.matcher(kept).matches()) {
      return;
    } else if (kept.matches("0+") || kept.startsWith("-")) {
      message = DELETES.format("annotation", name, "value", kept);
    } else {
      message = IGNORED_BY_BROWSERS.format("annotation", name, "value", kept);
    }
    reporter.report(info(), ing.resource(), ing.at(name), message, fix);
  }

  /** What the controller keeps of {@code raw}: null when its validator or parser drops it. */
  public static String controllerValue(String raw, boolean spacesRemoved) {
    String validated = spacesRemoved ? raw.replace(" ", "") : raw;
    if (validated.contains("\r") || validated.contains("\n")) {
      return null;
    }
    if (!validated.isEmpty() && !passesControllerCheck(validated)) {
      return null;
    }
    String parsed = NginxIngress.normalized(raw);
    return parsed.isEmpty() || !passesControllerCheck(parsed) ? null : parsed;
  }

  /**
   * The whole, positive seconds a lifetime written with units means ("48h", "1h30m", "2d"), or null
   * when it is written otherwise or is not whole seconds.
   */
  static Long seconds(String raw) {
    Long millis = GatewayDuration.lenientMillis(raw);
    return millis == null || millis == 0 || millis % 1000 != 0 ? null : millis / 1000;
  }

  /**
   * ingress-nginx's check of a lifetime, the Go (RE2) regexp {@code (^0|-?[1-9]\\d*$)} searched
   * unanchored, decided in one pass: it matches when the text starts with 0, or ends in a run of
   * ASCII digits holding a digit other than 0 (the optional minus sign does not change whether a
   * match exists). Go's {@code $} is the end of the text only. Java's regex engine took quadratic
   * time on a long digit run ending in another character (one Ingress annotation, minutes of CPU).
   */
  static boolean passesControllerCheck(String text) {
    if (text.startsWith("0")) {
      return true;
    }
    for (int i = text.length() - 1; i >= 0; i--) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      if (c != '0') {
        return true;
      }
    }
    return false;
  }
}
