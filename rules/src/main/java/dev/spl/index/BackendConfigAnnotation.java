package dev.spl.index;

import dev.spl.load.AnnotationJson;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The annotation by which a Service names its GKE BackendConfigs: {@code {"default": "name"}} for
 * every port, {@code {"ports": {"80": "name", "http": "name"}}} per port (ingress-gce's
 * backendconfig annotation; the {@code cloud.google.com/} key is read before the older {@code
 * beta.cloud.google.com/} one).
 */
public final class BackendConfigAnnotation {
  public static final String GROUP = "cloud.google.com";
  public static final String KEY = "cloud.google.com/backend-config";
  public static final String BETA_KEY = "beta.cloud.google.com/backend-config";

  private BackendConfigAnnotation() {}

  /** The annotation's key on {@code service} (the current one first), or null without one. */
  public static String keyOn(Resource service) {
    MapNode annotations = service.annotations();
    if (annotations == null) {
      return null;
    }
    for (String key : List.of(KEY, BETA_KEY)) {
      if (annotations.get(key) instanceof ScalarNode s && s.value() instanceof String) {
        return key;
      }
    }
    return null;
  }

  /** The BackendConfig names the annotation gives, default first; empty when it does not parse. */
  public static List<String> names(Resource service) {
    String key = keyOn(service);
    List<String> out = new ArrayList<>();
    if (key == null) {
      return out;
    }
    // one that does not parse: ingress-gce refuses it, and the Service gets no BackendConfig
    Object parsed =
        AnnotationJson.parse((String) ((ScalarNode) service.annotations().get(key)).value());
    if (!(parsed instanceof Map<?, ?> config)) {
      return out;
    }
    if (config.get("default") instanceof String name && !name.isEmpty()) {
      out.add(name);
    }
    if (config.get("ports") instanceof Map<?, ?> ports) {
      for (Object name : ports.values()) {
        if (name instanceof String n && !n.isEmpty()) {
          out.add(n);
        }
      }
    }
    return out;
  }
}
