package dev.spl.rules.kgateway;

import dev.spl.index.Inputs;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL452: a kgateway hash cookie with SameSite=None but not Secure. Browsers refuse such a cookie
 * (a SameSite=None cookie must be Secure), so Envoy's cookie never comes back and every request is
 * hashed as a new client's.
 */
@RuleDefinition(
    id = "SPL452",
    name = "kgateway-cookie-samesite-none-insecure",
    severity = Severity.WARNING,
    summary =
        "A kgateway BackendConfigPolicy hash cookie is SameSite=None without secure: true, which"
            + " browsers refuse.")
public final class KgatewayCookieSameSiteNoneInsecure implements ResourceRule {
  @Override
  public Inputs inputs() {
    return KgatewayHashCookies.INPUTS;
  }

  /** {name} is the cookie's quoted name with a leading space, or nothing. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "hash cookie{name} is SameSite=None without secure: true: browsers refuse it, so clients"
              + " are not pinned");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    for (KgatewayHashCookies.Cookie cookie : KgatewayHashCookies.of(resource)) {
      MapNode fields = cookie.fields();
      if ("None".equals(fields.string("sameSite"))
          && !(fields.get("secure") instanceof ScalarNode s && Boolean.TRUE.equals(s.value()))) {
        reporter.report(
            info(),
            resource,
            cookie.path().key("sameSite"),
            MESSAGE.format("name", cookie.quotedName()));
      }
    }
  }
}
