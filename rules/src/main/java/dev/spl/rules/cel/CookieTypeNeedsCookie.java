package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.MAIN;

import dev.spl.model.Severity;
import dev.spl.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/** SPL012: type Cookie, also by default, without a cookie object (CRD CEL rule, main). */
public final class CookieTypeNeedsCookie extends CrdValidationRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL012",
          "cookie-type-needs-cookie",
          Severity.ERROR,
          "type Cookie (the default) without cookie.",
          "In the main-branch API the cookie object is required for Cookie persistence, and type defaults"
              + " to Cookie, so an empty sessionPersistence, or one written in the v1.x shape"
              + " (sessionName, cookieConfig: both pruned), is rejected.",
          "Add cookie: {name: <cookie-name>}; if the object was written for v1.x, lint with"
              + " --gateway-api-version for that release.",
          "GEP-1619; CRD rule 'cookie must be specified for Cookie type'");

  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(MAIN),
              "self.type != 'Cookie' || has(self.cookie)",
              "cookie must be specified for Cookie type",
              "add cookie, e.g. cookie: {name: session}"));

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
