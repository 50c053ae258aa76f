package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND;
import static dev.spl.schema.GatewayApiVersion.MAIN;
import static dev.spl.schema.GatewayApiVersion.V1_5;
import static dev.spl.schema.GatewayApiVersion.V1_6;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Set;

/** SPL011: cookie (cookieConfig) set while the type is not Cookie (CRD CEL rule, v1.5+). */
@RuleDefinition(
    id = "SPL011",
    name = "cookie-needs-cookie-type",
    severity = Severity.ERROR,
    summary = "cookie (cookieConfig before main) is set while type is not Cookie.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class CookieNeedsCookieType extends CrdValidationRule {
  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(V1_5, V1_6),
              "!has(self.cookieConfig) || self.type == 'Cookie'",
              "cookieConfig can only be set with type Cookie",
              "remove cookieConfig or set type: Cookie"),
          new CrdCheck(
              Set.of(MAIN, GEP_1619_BACKEND),
              "!has(self.cookie) || self.type == 'Cookie'",
              "cookie must be nil if type is not Cookie",
              "remove cookie or set type: Cookie"));

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
