package dev.spl.rules.haproxy;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL901: dynamic cookie persistence on a Service with nothing in sight that replaces the HAProxy
 * Kubernetes Ingress Controller's built-in key. HAProxy makes a dynamic cookie by hashing the
 * server's address and port with that key; the key is in the controller's public source, so a
 * client can tell which pod a cookie names and write a cookie for the pod it chooses. A warning: a
 * Backend resource named in the controller's ConfigMap may set the key, and spl cannot see it.
 */
@RuleDefinition(
    id = "SPL901",
    name = "haproxy-dynamic-cookie-public-key",
    severity = Severity.WARNING,
    summary =
        "HAProxy Ingress dynamic cookies on a Service keyed with the controller's public built-in"
            + " key.")
public final class HaproxyDynamicCookiePublicKey implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.NONE.andAnnotations(
        KindRole.SERVICE, HaproxyAnnotations.PREFIXES.toArray(String[]::new));
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookie-persistence hashes pod addresses with the controller's public key: cookies"
              + " reveal and pick pods; set a key");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() != KindRole.SERVICE) {
      return;
    }
    MapNode.Entry dynamic =
        HaproxyAnnotations.find(resource, HaproxyAnnotations.COOKIE_PERSISTENCE);
    if (dynamic == null
        || ScalarNode.text(dynamic.value()) == null
        // names no cookie, so none is set (the policy's CEL tests the same characters)
        || ScalarNode.text(dynamic.value()).matches("[\\t\\n\\f\\r ]*")
        || HaproxyAnnotations.find(resource, HaproxyAnnotations.CR_BACKEND) != null
        || setsKey(HaproxyAnnotations.find(resource, HaproxyAnnotations.BACKEND_SNIPPET))) {
      return;
    }
    reporter.report(
        info(), resource, FieldPath.of("metadata", "annotations", dynamic.key()), MESSAGE.format());
  }

  private static boolean setsKey(MapNode.Entry snippet) {
    String text = snippet == null ? null : ScalarNode.text(snippet.value());
    return text != null && text.contains("dynamic-cookie-key");
  }
}
