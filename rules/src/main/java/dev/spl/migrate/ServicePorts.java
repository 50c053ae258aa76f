package dev.spl.migrate;

import dev.spl.index.IngressPath;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers of named Service ports among the given manifests: an Ingress may name its backend's
 * port ({@code port: {name: http}}), a Gateway API backendRef needs the number.
 */
final class ServicePorts {
  private final Map<String, Long> numbers;

  private ServicePorts(Map<String, Long> numbers) {
    this.numbers = numbers;
  }

  static ServicePorts of(List<Resource> resources) {
    Map<String, Long> numbers = new HashMap<>();
    for (Resource r : resources) {
      if (r.role() != KindRole.SERVICE || r.spec() == null) {
        continue;
      }
      ListNode ports = r.spec().list("ports");
      for (int i = 0; ports != null && i < ports.size(); i++) {
        if (ports.get(i) instanceof MapNode port) {
          String name = ScalarNode.text(port.get("name"));
          String number = ScalarNode.text(port.get("port"));
          if (name != null && number != null && number.matches("\\d{1,5}")) {
            numbers.putIfAbsent(key(r.namespace(), r.name(), name), Long.valueOf(number));
          }
        }
      }
    }
    return new ServicePorts(numbers);
  }

  /** The number of the port {@code path} names, on its Service beside {@code ingress}; or null. */
  Long number(Resource ingress, IngressPath path) {
    return numbers.get(key(ingress.namespace(), path.service(), path.port()));
  }

  private static String key(String namespace, String service, String port) {
    return namespace + "/" + service + "/" + port;
  }
}
