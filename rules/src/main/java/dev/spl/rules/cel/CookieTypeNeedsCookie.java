package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND;
import static dev.spl.schema.GatewayApiVersion.MAIN;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Set;

/** SPL012: type Cookie, also by default, without a cookie object (CRD CEL rule, main). */
@RuleDefinition(
    id = "SPL012",
    name = "cookie-type-needs-cookie",
    severity = Severity.ERROR,
    summary = "type Cookie (the default) without cookie.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class CookieTypeNeedsCookie extends CrdValidationRule {
  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(MAIN, GEP_1619_BACKEND),
              "self.type != 'Cookie' || has(self.cookie)",
              "cookie must be specified for Cookie type",
              "add cookie, e.g. cookie: {name: session}"));

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
