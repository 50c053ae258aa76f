package dev.spl.rules.aws;

import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * The AWS Load Balancer Controller's forward actions, written as JSON in an annotation (ALB
 * Ingresses' {@code actions.<name>}, NLB Services' {@code actions.<PROTOCOL>-<port>}): the
 * controller reads them with Go's encoding/json, so keys match in any case.
 */
final class ForwardActions {
  // YAML 1.2 reads JSON; no aliases, which JSON has not
  private static final LoadSettings JSON =
      LoadSettings.builder().setMaxAliasesForCollections(0).build();

  private ForwardActions() {}

  /** The action's forwardConfig, or null when it is none or does not parse. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> forwardConfig(String raw) {
    try {
      Object action = new Load(JSON).loadFromString(raw);
      if (action instanceof Map<?, ?> a
          && "forward".equals(get(a, "type"))
          && get(a, "forwardConfig") instanceof Map<?, ?> forward) {
        return (Map<String, Object>) forward;
      }
    } catch (YamlEngineException | ClassCastException e) {
      return null; // the controller rejects the object: not a stickiness question
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
