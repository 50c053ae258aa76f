package dev.spl.rules.haproxy;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Locale;

/**
 * SPL952: a haproxy-ingress affinity cookie whose domain does not cover a host of its Ingress.
 * Browsers refuse a cookie whose Domain attribute the request's host is not, or is not under, so
 * clients of that host are never pinned.
 */
@RuleDefinition(
    id = "SPL952",
    name = "haproxy-ingress-cookie-domain-mismatch",
    severity = Severity.ERROR,
    summary =
        "A haproxy-ingress session-cookie-domain does not cover a host of its Ingress, so browsers"
            + " refuse the cookie there.")
public final class HaproxyIngressCookieDomainMismatch implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.INGRESS, "rules")
        .andAnnotations(KindRole.INGRESS, HaproxyIngressAffinityUnknown.KEY, DOMAIN_KEY);
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "session-cookie-domain {domain} does not cover host {host}: browsers refuse the cookie"
              + " there");

  /** Under the prefix only haproxy-ingress reads, as SPL951 reads affinity. */
  public static final String DOMAIN_KEY = "haproxy-ingress.github.io/session-cookie-domain";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode annotations = resource.role() == KindRole.INGRESS ? resource.annotations() : null;
    if (annotations == null
        || !"cookie".equals(annotations.string(HaproxyIngressAffinityUnknown.KEY))
        || annotations.string(DOMAIN_KEY) == null
        || annotations.string(DOMAIN_KEY).isEmpty()
        || resource.spec() == null) {
      return;
    }
    String written = annotations.string(DOMAIN_KEY);
    String domain = domainOf(written);
    ListNode rules = resource.spec().list("rules");
    for (int i = 0; rules != null && i < rules.size(); i++) {
      String host = rules.get(i) instanceof MapNode rule ? rule.string("host") : null;
      if (host != null && !host.isEmpty() && !covers(domain, host)) {
        reporter.report(
            info(),
            resource,
            FieldPath.of("metadata", "annotations", DOMAIN_KEY),
            MESSAGE.format("domain", written, "host", host));
        return; // one finding names the first host it misses
      }
    }
  }

  /** The domain a cookie's Domain attribute means: a leading dot ignored, any case. */
  static String domainOf(String written) {
    String d = written.startsWith(".") ? written.substring(1) : written;
    return d.toLowerCase(Locale.ROOT);
  }

  /** RFC 6265 domain-match: the host is the domain or ends in "." and the domain. */
  static boolean covers(String domain, String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.equals(domain) || h.endsWith("." + domain);
  }
}
