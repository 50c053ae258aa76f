package dev.spl.rules.istio;

import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;

/** SPL301: Istio consistent hashing on a cookie Envoy never sets. */
@RuleDefinition(
    id = "SPL301",
    name = "istio-cookie-hash-passive",
    severity = Severity.WARNING,
    summary = "A DestinationRule hashes on an HTTP cookie without a ttl, so Envoy never sets it.",
    why =
        "consistentHash.httpCookie hashes on the cookie the client sends. Only with a ttl does"
            + " Envoy generate the cookie when it is missing (a ttl of 0s makes it a session"
            + " cookie); without one, clients that do not already carry the cookie are not"
            + " pinned at all unless the application sets it.",
    fix =
        "Add ttl (0s for a session cookie), or keep it off only for a cookie the application sets.",
    reference =
        "istio/api networking/v1alpha3/destination_rule.proto (HTTPCookie.ttl: \"If specified, a"
            + " cookie with the TTL will be generated if the cookie is not present\")")
public final class IstioCookieHashPassive implements ResourceRule, ApiServerPolicy {
  private static final String MESSAGE =
      " has no ttl: Envoy never sets it, so new clients are not pinned (0s: session cookie)";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!LoadBalancers.isDestinationRule(resource)) {
      return;
    }
    for (LoadBalancers.At lb : LoadBalancers.of(resource)) {
      MapNode hash = lb.loadBalancer().map("consistentHash");
      MapNode cookie = hash == null ? null : hash.map("httpCookie");
      if (cookie != null && !cookie.has("ttl")) {
        String name = cookie.string("name") == null ? "" : " \"" + cookie.string("name") + "\"";
        reporter.report(
            info(),
            resource,
            lb.path().key("consistentHash").key("httpCookie"),
            "httpCookie" + name + MESSAGE);
      }
    }
  }

  /**
   * One scan decides (the subsets are unbounded: a 1.5 MiB DestinationRule has some 65,000); the
   * first passive cookie, in spl lint's order, is looked up only for the message, through variables
   * the API server evaluates only when a message needs them.
   */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String top = "object.spec.trafficPolicy";
    String hasTop = "has(object.spec) && has(" + top + ")";
    String topPasses = "!(" + hasTop + " && " + policyFails(top) + ")";
    String subsetFails = "has(s.trafficPolicy) && " + policyFails("s.trafficPolicy");
    String subsets = "has(object.spec) && has(object.spec.subsets) ? object.spec.subsets : []";
    List<PolicyCheck.Variable> variables =
        List.of(
            new PolicyCheck.Variable(
                "failing",
                "("
                    + hasTop
                    + " && "
                    + policyFails(top)
                    + " ? [{'at': 'spec.trafficPolicy', 'policy': "
                    + top
                    + "}] : []) + ("
                    + subsets
                    + ").filter(s, "
                    + subsetFails
                    + ").map(s, {'at': 'spec.subsets[].trafficPolicy', 'policy':"
                    + " s.trafficPolicy})"),
            new PolicyCheck.Variable(
                "found",
                "size(variables.failing) == 0 ? {'at': '', 'cookie': {}} : "
                    + firstPassive("variables.failing[0]")));
    String cookie = "variables.found.cookie";
    return Optional.of(
        PolicyCheck.onObjects(
            List.of(
                new PolicyCheck.Kind(
                    "networking.istio.io", "*", "DestinationRule", "destinationrules")),
            variables,
            topPasses + " && !(" + subsets + ").exists(s, " + subsetFails + ")",
            "'httpCookie' + " + CelText.quotedName(cookie) + " + '" + MESSAGE + "'",
            "variables.found.at + '.consistentHash.httpCookie'"));
  }

  /** CEL: the traffic policy {@code tp} has a passive cookie, on its own or a port's balancer. */
  private static String policyFails(String tp) {
    return "((has("
        + tp
        + ".loadBalancer) && "
        + passive(tp + ".loadBalancer")
        + ") || (has("
        + tp
        + ".portLevelSettings) && "
        + tp
        + ".portLevelSettings.exists(p, has(p.loadBalancer) && "
        + passive("p.loadBalancer")
        + ")))";
  }

  /** CEL: {at, cookie} of the first passive cookie of {@code f}, a failing traffic policy. */
  private static String firstPassive(String f) {
    String tp = f + ".policy";
    return "has("
        + tp
        + ".loadBalancer) && "
        + passive(tp + ".loadBalancer")
        + " ? {'at': "
        + f
        + ".at + '.loadBalancer', 'cookie': "
        + tp
        + ".loadBalancer.consistentHash.httpCookie} : {'at': "
        + f
        + ".at + '.portLevelSettings[].loadBalancer', 'cookie': "
        + tp
        + ".portLevelSettings.filter(p, has(p.loadBalancer) && "
        + passive("p.loadBalancer")
        + ")[0].loadBalancer.consistentHash.httpCookie}";
  }

  /** CEL: the load balancer {@code lb} hashes on a cookie without a ttl. */
  private static String passive(String lb) {
    return "(has("
        + lb
        + ".consistentHash) && has("
        + lb
        + ".consistentHash.httpCookie) && !has("
        + lb
        + ".consistentHash.httpCookie.ttl))";
  }
}
