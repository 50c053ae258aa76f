package dev.spl.rules.nginx;

import dev.spl.index.Inputs;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL205: SameSite=None on an ingress-nginx cookie that will lack Secure. */
@RuleDefinition(
    id = "SPL205",
    name = "nginx-samesite-none-insecure",
    severity = Severity.WARNING,
    summary =
        "ingress-nginx SameSite=None cookie without Secure on an Ingress that does not end TLS.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER)
public final class NginxSameSiteNoneInsecure implements ResourceRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.ANNOTATIONS.and(KindRole.INGRESS, "tls");
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "SameSite=None needs Secure: set session-cookie-secure: \"true\" (no tls:, so nginx"
              + " will not)");

  private static final String SAMESITE = "session-cookie-samesite";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context);
    if (ing == null
        || !ing.cookieAffinity()
        || !"none".equalsIgnoreCase(ing.value(SAMESITE))
        || ing.isTrue("session-cookie-secure")
        || ing.hasTls()) {
      return;
    }
    reporter.report(info(), resource, ing.at(SAMESITE), MESSAGE.format());
  }
}
