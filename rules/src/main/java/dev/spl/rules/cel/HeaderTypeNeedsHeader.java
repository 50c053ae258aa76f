package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.MAIN;

import dev.spl.model.Severity;
import dev.spl.rules.RuleInfo;
import java.util.List;
import java.util.Set;

/** SPL014: type Header without a header object (CRD CEL rule, main). */
public final class HeaderTypeNeedsHeader extends CrdValidationRule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL014",
          "header-type-needs-header",
          Severity.ERROR,
          "type Header without header.",
          "Header persistence needs the name of the header the client sends back; the main-branch API"
              + " takes it from header.name and rejects a Header type without it.",
          "Add header: {name: <header-name>}.",
          "GEP-1619; CRD rule 'header must be specified for Header type'");

  private static final List<CrdCheck> CHECKS =
      List.of(
          new CrdCheck(
              Set.of(MAIN),
              "self.type != 'Header' || has(self.header)",
              "header must be specified for Header type",
              "add header, e.g. header: {name: X-Session}"));

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }
}
