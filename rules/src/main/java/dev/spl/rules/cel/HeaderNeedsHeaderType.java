package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND;
import static dev.spl.schema.GatewayApiVersion.MAIN;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Set;

/** SPL013: header set while the type is not Header (CRD CEL rule, main). */
@RuleDefinition(
    id = "SPL013",
    name = "header-needs-header-type",
    severity = Severity.ERROR,
    summary = "header is set while type is not Header.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class HeaderNeedsHeaderType extends CrdValidationRule {
  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(MAIN, GEP_1619_BACKEND),
              "!has(self.header) || self.type == 'Header'",
              "header must be nil if type is not Header",
              "set type: Header or remove header"));

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
