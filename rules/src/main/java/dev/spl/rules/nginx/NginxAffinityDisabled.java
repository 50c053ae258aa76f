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
import java.util.Map;

/** SPL201: ingress-nginx affinity settings that cannot take effect. */
@RuleDefinition(
    id = "SPL201",
    name = "nginx-affinity-disabled",
    severity = Severity.ERROR,
    summary = "ingress-nginx affinity settings that cannot take effect.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER)
public final class NginxAffinityDisabled implements ResourceRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.ANNOTATIONS;
  }

  public static final MessageTemplate WITHOUT_AFFINITY =
      MessageTemplate.of("{annotation} does nothing: this Ingress does not set affinity: cookie");
  public static final MessageTemplate NOT_COOKIE =
      MessageTemplate.of(
          "affinity \"{affinity}\" is not \"cookie\", the only type ingress-nginx has: no session"
              + " affinity");
  public static final MessageTemplate SERVICE_UPSTREAM =
      MessageTemplate.of(
          "service-upstream sends to the Service's cluster IP, so nginx cannot pin sessions");
  public static final MessageTemplate SSL_PASSTHROUGH =
      MessageTemplate.of(
          "ssl-passthrough forwards TLS unread: nginx sets no cookie and pins no session");
  public static final MessageTemplate REGEX_PATH =
      MessageTemplate.of(
          "use-regex without session-cookie-path: the cookie's path is the regex, which browsers"
              + " never match");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context);
    if (ing == null) {
      return;
    }
    String affinity = ing.raw("affinity");
    if (affinity == null) {
      for (Map.Entry<String, String> a : ing.annotations().entrySet()) {
        if (a.getKey().startsWith("session-cookie-") || a.getKey().equals("affinity-mode")) {
          reporter.report(
              info(),
              resource,
              ing.at(a.getKey()),
              WITHOUT_AFFINITY.format("annotation", a.getKey()));
          return; // one finding says it for all of them
        }
      }
      return;
    }
    if (!ing.cookieAffinity()) {
      reporter.report(
          info(), resource, ing.at("affinity"), NOT_COOKIE.format("affinity", affinity));
      return;
    }
    if (ing.isTrue("service-upstream")) {
      reporter.report(info(), resource, ing.at("service-upstream"), SERVICE_UPSTREAM.format());
    }
    if (ing.isTrue("ssl-passthrough")) {
      reporter.report(info(), resource, ing.at("ssl-passthrough"), SSL_PASSTHROUGH.format());
    }
    if (ing.isTrue("use-regex") && !ing.has("session-cookie-path")) {
      reporter.report(info(), resource, ing.at("use-regex"), REGEX_PATH.format());
    }
  }
}
