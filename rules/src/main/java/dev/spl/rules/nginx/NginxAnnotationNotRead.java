package dev.spl.rules.nginx;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;
import java.util.Locale;

/**
 * SPL204: sticky-session annotations an ingress-nginx Ingress carries but the controller ignores.
 */
@RuleDefinition(
    id = "SPL204",
    name = "nginx-annotation-not-read",
    severity = Severity.WARNING,
    summary =
        "A sticky-session annotation on an ingress-nginx Ingress that the controller does not read.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER)
public final class NginxAnnotationNotRead implements ResourceRule {
  @Override
  public Inputs inputs() {
    return NginxIngress.ANNOTATIONS.andAnnotations(KindRole.INGRESS, LEGACY);
  }

  public static final MessageTemplate HASH_REMOVED =
      MessageTemplate.of("session-cookie-hash was removed in ingress-nginx 0.24.0 and is ignored");
  public static final MessageTemplate OLD_PREFIX =
      MessageTemplate.of("old prefix: ingress-nginx reads {key}");
  public static final MessageTemplate F5_KEY =
      MessageTemplate.of(
          "{key} is F5 NGINX Ingress Controller's; ingress-nginx ignores it (use affinity: cookie)");

  public static final MessageTemplate BALANCING_IGNORED =
      MessageTemplate.of(
          "{annotation} is ignored: with affinity: cookie, ingress-nginx balances by the cookie");

  private static final String LEGACY = "ingress.kubernetes.io/";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.of(resource, context);
    if (ing == null) {
      return;
    }
    for (MapNode.Entry a : ing.allAnnotations()) {
      String key = a.key();
      String message = null;
      if (key.equals(NginxIngress.PREFIX + "session-cookie-hash")) {
        message = HASH_REMOVED.format();
      } else if (key.startsWith(LEGACY)
          && key.substring(LEGACY.length()).equals("session-cookie-hash")) {
        message = HASH_REMOVED.format(); // removed under either prefix: the removal alone
      } else if (key.startsWith(LEGACY)
          && isSticky(key.substring(LEGACY.length()))
          && !hasTwin(ing, NginxIngress.PREFIX + key.substring(LEGACY.length()))) {
        // a chart that writes both prefixes on purpose (for old and new controllers) is fine
        message = OLD_PREFIX.format("key", NginxIngress.PREFIX + key.substring(LEGACY.length()));
      } else if ((key.startsWith(NginxIngress.F5_ORG) || key.startsWith(NginxIngress.F5_COM))
          && isF5Sticky(key, dev.spl.model.ScalarNode.text(a.value()))) {
        message = F5_KEY.format("key", key);
      }
      if (message != null) {
        reporter.report(info(), resource, FieldPath.of("metadata", "annotations", key), message);
      }
    }
    if (ing.cookieAffinity()) {
      // balancer.lua get_implementation: cookie affinity is chosen before a hash or an algorithm
      for (String balancing : List.of("upstream-hash-by", "load-balance")) {
        if (ing.has(balancing)) {
          reporter.report(
              info(),
              resource,
              ing.at(balancing),
              BALANCING_IGNORED.format("annotation", balancing));
        }
      }
    }
  }

  private static boolean hasTwin(NginxIngress ing, String key) {
    for (MapNode.Entry a : ing.allAnnotations()) {
      if (a.key().equals(key)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isSticky(String name) {
    return NginxIngress.isAffinitySetting(name)
        || name.equals("upstream-hash-by")
        || name.equals("load-balance");
  }

  /** F5's sticky-cookie-services, or an lb-method that hashes (ip_hash, hash ... consistent). */
  private static boolean isF5Sticky(String key, String value) {
    String name = key.substring(key.indexOf('/') + 1);
    return name.contains("sticky")
        || (name.equals("lb-method")
            && value != null
            && value.toLowerCase(Locale.ROOT).contains("hash"));
  }
}
