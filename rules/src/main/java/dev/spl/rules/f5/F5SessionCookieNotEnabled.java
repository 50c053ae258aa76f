package dev.spl.rules.f5;

import dev.spl.index.Inputs;
import dev.spl.model.Kinds;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL233: a VirtualServer upstream's sessionCookie written without {@code enable}. F5 NGINX Ingress
 * Controller writes its sticky directive only for {@code enable: true} (internal/configs/
 * virtualserver.go generateSessionCookie, 0eb3072), and the field defaults to false, so a cookie
 * configured in every other respect pins nobody. An explicit {@code enable: false} is a switch
 * turned off on purpose and left alone, and a cookie SPL232 finds refused is SPL232's.
 */
@RuleDefinition(
    id = "SPL233",
    name = "f5-session-cookie-not-enabled",
    severity = Severity.WARNING,
    summary = "A VirtualServer upstream's sessionCookie without enable: true pins nobody.",
    noPolicyBecause = NoPolicy.NOT_IN_CEL_YET)
public final class F5SessionCookieNotEnabled implements ResourceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sessionCookie {name}has no enable: true, so F5 writes no sticky directive; add enable:"
              + " true");

  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.VIRTUAL_SERVER, "upstreams")
        .and(Kinds.VIRTUAL_SERVER_ROUTE, "upstreams");
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    SessionCookies.each(
        resource,
        (cookie, at) -> {
          // a cookie F5 rejects the resource for is SPL232's: enabling it would change nothing
          if (!cookie.has("enable")
              && F5SessionCookieRefused.wellTyped(cookie)
              && F5SessionCookieRefused.refusals(resource.kind(), cookie, at).isEmpty()) {
            String name = cookie.string("name");
            reporter.report(
                info(),
                resource,
                at,
                MESSAGE.format("name", name == null ? "" : "\"" + name + "\" "));
          }
        });
  }
}
