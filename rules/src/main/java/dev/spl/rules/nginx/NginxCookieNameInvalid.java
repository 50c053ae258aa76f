package dev.spl.rules.nginx;

import dev.spl.index.Inputs;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.SessionPersistenceSchema;
import java.util.regex.Pattern;

/** SPL203: an ingress-nginx session-cookie-name the controller replaces or browsers mishandle. */
@RuleDefinition(
    id = "SPL203",
    name = "nginx-cookie-name-invalid",
    severity = Severity.WARNING,
    summary =
        "ingress-nginx session-cookie-name fails the controller's check or is not a cookie token.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER)
public final class NginxCookieNameInvalid implements ResourceRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.ANNOTATIONS;
  }

  public static final MessageTemplate REFUSED =
      MessageTemplate.of(
          "{annotation} \"{value}\" fails ingress-nginx's check; it uses INGRESSCOOKIE instead");
  public static final MessageTemplate NOT_A_TOKEN =
      MessageTemplate.of(
          "{annotation} \"{name}\" has {what}, not allowed in a cookie name (RFC 6265)");

  private static final String NAME = "session-cookie-name";

  /** parser.BasicCharsRegex. */
  private static final Pattern CONTROLLER = Pattern.compile("[/\\-._~a-zA-Z0-9:]*");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context);
    if (ing == null || ing.raw(NAME) == null) {
      return;
    }
    String raw = ing.raw(NAME);
    String name = controllerName(raw);
    String message;
    if (name == null) {
      message = REFUSED.format("annotation", NAME, "value", raw);
    } else {
      if (SessionPersistenceSchema.isToken(name)) {
        return;
      }
      message = NOT_A_TOKEN.format("annotation", NAME, "name", name, "what", firstNonToken(name));
    }
    reporter.report(info(), resource, ing.at(NAME), message);
  }

  /**
   * The cookie name ingress-nginx uses for the annotation value {@code raw}: null when its check
   * rejects the value (spaces removed first), and the controller falls back to INGRESSCOOKIE.
   */
  public static String controllerName(String raw) {
    String checked = raw.replace(" ", "");
    if (checked.isEmpty()
        || checked.contains("\n")
        || checked.contains("\r")
        || !CONTROLLER.matcher(checked).matches()) {
      return null;
    }
    return NginxIngress.normalized(raw);
  }

  private static String firstNonToken(String name) {
    for (char c : name.toCharArray()) {
      if (!SessionPersistenceSchema.isToken(String.valueOf(c))) {
        return c == ' ' ? "a space" : "'" + c + "'";
      }
    }
    return "a character";
  }
}
