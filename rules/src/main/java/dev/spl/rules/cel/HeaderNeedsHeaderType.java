package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.MAIN;

import dev.spl.model.Severity;
import dev.spl.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/** SPL013: header set while the type is not Header (CRD CEL rule, main). */
public final class HeaderNeedsHeaderType extends CrdValidationRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL013",
          "header-needs-header-type",
          Severity.ERROR,
          "header is set while type is not Header.",
          "type defaults to Cookie, so a header object without type: Header configures nothing the"
              + " gateway would use; the API server rejects it.",
          "Set type: Header, or remove header.",
          "GEP-1619; CRD rule 'header must be nil if type is not Header'");

  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(MAIN),
              "!has(self.header) || self.type == 'Header'",
              "header must be nil if type is not Header",
              "set type: Header or remove header"));

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
