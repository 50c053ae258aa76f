package dev.spl.rules.cel;

import static dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND;
import static dev.spl.schema.GatewayApiVersion.MAIN;
import static dev.spl.schema.GatewayApiVersion.V1_1;
import static dev.spl.schema.GatewayApiVersion.V1_1_0;
import static dev.spl.schema.GatewayApiVersion.V1_2;
import static dev.spl.schema.GatewayApiVersion.V1_3;
import static dev.spl.schema.GatewayApiVersion.V1_4;
import static dev.spl.schema.GatewayApiVersion.V1_5;
import static dev.spl.schema.GatewayApiVersion.V1_6;

import dev.spl.model.MessageTemplate;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Set;

/** SPL010: lifetimeType Permanent without absoluteTimeout (CRD CEL rule, every version). */
@RuleDefinition(
    id = "SPL010",
    name = "permanent-needs-absolute-timeout",
    severity = Severity.ERROR,
    summary = "lifetimeType Permanent without absoluteTimeout.",
    noPolicyBecause = NoPolicy.CRD_CEL)
public final class PermanentNeedsAbsoluteTimeout extends CrdValidationRule {
  private static final String MESSAGE =
      "AbsoluteTimeout must be specified when cookie lifetimeType is Permanent";
  private static final String FIX = "add absoluteTimeout, e.g. 24h";

  private static final List<CrdCheck> CHECKS =
      List.of(
          // v1.1.0: the unguarded rule; a missing cookieConfig makes evaluation fail.
          new CrdCheck(
              Set.of(V1_1_0),
              "!has(self.cookieConfig.lifetimeType) || self.cookieConfig.lifetimeType != 'Permanent'"
                  + " || has(self.absoluteTimeout)",
              MESSAGE,
              FIX),
          new CrdCheck(
              Set.of(V1_1, V1_2, V1_3, V1_4, V1_5, V1_6),
              "!has(self.cookieConfig) || !has(self.cookieConfig.lifetimeType)"
                  + " || self.cookieConfig.lifetimeType != 'Permanent' || has(self.absoluteTimeout)",
              MESSAGE,
              FIX),
          new CrdCheck(
              Set.of(MAIN, GEP_1619_BACKEND),
              "!has(self.cookie) || !has(self.cookie.lifetimeType)"
                  + " || self.cookie.lifetimeType != 'Permanent' || has(self.absoluteTimeout)",
              MESSAGE,
              FIX));

  @Override
  List<CrdCheck> checks() {
    return CHECKS;
  }

  /** v1.1.0's rule reads cookieConfig unguarded: without it the API server cannot evaluate it. */
  static final MessageTemplate V1_1_0_NOT_EVALUATED =
      MessageTemplate.of(
          "v1.1.0 cannot evaluate its Permanent rule without cookieConfig ({reason}); add"
              + " cookieConfig: {} or upgrade the CRDs");

  @Override
  String evaluationFailure(CrdCheck check, String reason) {
    return V1_1_0_NOT_EVALUATED.format("reason", reason);
  }
}
