package dev.spl.rules.envoygateway;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL401: Envoy Gateway consistent hashing on a cookie Envoy never sets. */
@RuleDefinition(
    id = "SPL401",
    name = "envoy-gateway-cookie-hash-passive",
    severity = Severity.WARNING,
    summary = "An Envoy Gateway BackendTrafficPolicy hashes on a cookie without cookie.ttl.")
public final class EnvoyGatewayCookieHashPassive implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.BACKEND_TRAFFIC_POLICY, "loadBalancer.consistentHash");
  }

  /** {name} is the cookie's quoted name with a leading space, or nothing. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie{name} has no ttl: Envoy never sets it, so new clients are not pinned");

  public static final FieldPath HASH = FieldPath.of("spec", "loadBalancer", "consistentHash");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!resource.is("gateway.envoyproxy.io", Kinds.BACKEND_TRAFFIC_POLICY)) {
      return;
    }
    Node hashNode = resource.nodeAt(HASH);
    if (!(hashNode instanceof MapNode hash) || !"Cookie".equals(hash.string("type"))) {
      return;
    }
    MapNode cookie = hash.map("cookie");
    if (cookie != null && !cookie.has("ttl")) {
      String name = cookie.string("name") == null ? "" : " \"" + cookie.string("name") + "\"";
      reporter.report(info(), resource, HASH.key("cookie"), MESSAGE.format("name", name));
    }
  }
}
