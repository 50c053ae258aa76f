package dev.spl.rules.nginx;

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
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context.ingressClasses());
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
              a.getKey() + " does nothing: this Ingress does not set affinity: cookie");
          return; // one finding says it for all of them
        }
      }
      return;
    }
    if (!ing.cookieAffinity()) {
      reporter.report(
          info(),
          resource,
          ing.at("affinity"),
          "affinity \""
              + affinity
              + "\" is not \"cookie\", the only type ingress-nginx has: no session affinity");
      return;
    }
    if (ing.isTrue("service-upstream")) {
      reporter.report(
          info(),
          resource,
          ing.at("service-upstream"),
          "service-upstream sends to the Service's cluster IP, so nginx cannot pin sessions");
    }
    if (ing.isTrue("ssl-passthrough")) {
      reporter.report(
          info(),
          resource,
          ing.at("ssl-passthrough"),
          "ssl-passthrough forwards TLS unread: nginx sets no cookie and pins no session");
    }
    if (ing.isTrue("use-regex") && !ing.has("session-cookie-path")) {
      reporter.report(
          info(),
          resource,
          ing.at("use-regex"),
          "use-regex without session-cookie-path: the cookie's path is the regex, which browsers"
              + " never match");
    }
  }
}
