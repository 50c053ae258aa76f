package dev.spl.rules.kgateway;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/** SPL451: kgateway ring-hash or maglev balancing on a cookie Envoy never sets. */
@RuleDefinition(
    id = "SPL451",
    name = "kgateway-cookie-hash-passive",
    severity = Severity.WARNING,
    summary =
        "A kgateway BackendConfigPolicy hashes on a cookie without ttl, which Envoy then never"
            + " sets.")
public final class KgatewayCookieHashPassive implements ResourceRule {
  @Override
  public Inputs inputs() {
    return KgatewayHashCookies.INPUTS;
  }

  /** {name} is the cookie's quoted name with a leading space, or nothing. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "hash cookie{name} has no ttl: Envoy never sets it, so new clients are not pinned");

  static final String GROUP = "gateway.kgateway.dev";
  static final String KIND = Kinds.BACKEND_CONFIG_POLICY;
  public static final FieldPath LOAD_BALANCER = FieldPath.of("spec", "loadBalancer");

  /**
   * The two hashing balancers, the only places hashPolicies are kept (the schema prunes others).
   */
  static final List<String> HASHING = List.of("ringHash", "maglev");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    for (KgatewayHashCookies.Cookie cookie : KgatewayHashCookies.of(resource)) {
      if (!cookie.fields().has("ttl")) {
        reporter.report(
            info(), resource, cookie.path(), MESSAGE.format("name", cookie.quotedName()));
      }
    }
  }
}
