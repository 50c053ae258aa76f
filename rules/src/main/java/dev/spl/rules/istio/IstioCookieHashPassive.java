package dev.spl.rules.istio;

import dev.spl.index.Inputs;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL301: Istio consistent hashing on a cookie Envoy never sets. */
@RuleDefinition(
    id = "SPL301",
    name = "istio-cookie-hash-passive",
    severity = Severity.WARNING,
    summary = "A DestinationRule hashes on an HTTP cookie without a ttl, so Envoy never sets it.")
public final class IstioCookieHashPassive implements ResourceRule {
  @Override
  public Inputs inputs() {
    return LoadBalancers.INPUTS;
  }

  /** {name} is the cookie's quoted name with a leading space, or nothing. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "httpCookie{name} has no ttl: Envoy never sets it, so new clients are not pinned (0s:"
              + " session cookie)");

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
            MESSAGE.format("name", name));
      }
    }
  }
}
