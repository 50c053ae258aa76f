package dev.spl.rules.aws;

import dev.spl.load.AnnotationJson;
import java.util.Map;

/**
 * The AWS Load Balancer Controller's forward actions, written as JSON in an annotation (ALB
 * Ingresses' {@code actions.<name>}, NLB Services' {@code actions.<PROTOCOL>-<port>}): the
 * controller reads them with Go's encoding/json, so keys match in any case.
 */
final class ForwardActions {
  private ForwardActions() {}

  /** The action's forwardConfig, or null when it is none or does not parse. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> forwardConfig(String raw) {
    // one that does not parse makes the controller reject the object: not a stickiness question
    if (AnnotationJson.parse(raw) instanceof Map<?, ?> a
        && "forward".equals(get(a, "type"))
        && get(a, "forwardConfig") instanceof Map<?, ?> forward) {
      return (Map<String, Object>) forward;
    }
    return null;
  }

  /** True when the forward action keeps a client in the target group it first reached. */
  static boolean groupStickiness(Map<String, Object> forward) {
    return get(forward, "targetGroupStickinessConfig") instanceof Map<?, ?> config
        && Boolean.TRUE.equals(get(config, "enabled"));
  }

  /** {@code map.get(key)} with the key matched as Go's encoding/json does: any case. */
  static Object get(Map<?, ?> map, String key) {
    Object exact = map.get(key);
    if (exact != null) {
      return exact;
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (e.getKey() instanceof String k && k.equalsIgnoreCase(key)) {
        return e.getValue();
      }
    }
    return null;
  }
}
