package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND;
import static dev.spl.schema.GatewayApiVersion.MAIN;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Set;

/** SPL014: type Header without a header object (CRD CEL rule, main). */
@RuleDefinition(
    id = "SPL014",
    name = "header-type-needs-header",
    severity = Severity.ERROR,
    summary = "type Header without header.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class HeaderTypeNeedsHeader extends CrdValidationRule {
  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(MAIN, GEP_1619_BACKEND),
              "self.type != 'Header' || has(self.header)",
              "header must be specified for Header type",
              "add header, e.g. header: {name: X-Session}"));

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
