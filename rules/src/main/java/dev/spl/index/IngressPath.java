package dev.spl.index;

import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One path of a networking.k8s.io Ingress and the Service port it sends to: every {@code
 * rules[].http.paths[]} entry, then the default backend (path "/", no host). The one walk of an
 * Ingress's backends, for the rules, the webhook's neighbour lookup and the migration.
 *
 * @param host the rule's host, or null for any host
 * @param path the path as written ("/" when none)
 * @param pathType Prefix, Exact or ImplementationSpecific (the default when none is written)
 * @param service the Service's name; null for a path whose backend is a resource, not a Service
 * @param port the port as written, a number or a name ("" when none)
 * @param field where the backend's Service is written
 */
public record IngressPath(
    String host, String path, String pathType, String service, String port, FieldPath field) {

  /** {@code cart:80}. */
  public String label() {
    return service + (port.isEmpty() ? "" : ":" + port);
  }

  /** True for the Ingress's default backend rather than one of its paths. */
  public boolean isDefaultBackend() {
    return field.segments().size() > 1 && !field.segments().get(1).equals("rules");
  }

  /** The port's number, or null when it is given by name (or not at all). */
  public Long portNumber() {
    return port.matches("\\d{1,9}") ? Long.valueOf(port) : null;
  }

  /** The paths of {@code ingress}, Service-backed or not ({@link #services}: only the former). */
  public static List<IngressPath> all(Resource ingress) {
    List<IngressPath> out = new ArrayList<>();
    MapNode spec = ingress.spec();
    if (spec == null) {
      return out;
    }
    ListNode rules = spec.list("rules");
    for (int i = 0; rules != null && i < rules.size(); i++) {
      if (!(rules.get(i) instanceof MapNode rule) || rule.map("http") == null) {
        continue;
      }
      String host = ScalarNode.text(rule.get("host"));
      ListNode paths = rule.map("http").list("paths");
      for (int j = 0; paths != null && j < paths.size(); j++) {
        if (paths.get(j) instanceof MapNode p && p.map("backend") != null) {
          String path = ScalarNode.text(p.get("path"));
          String type = ScalarNode.text(p.get("pathType"));
          add(
              host,
              path == null ? "/" : path,
              type == null ? "ImplementationSpecific" : type,
              p.map("backend"),
              FieldPath.of("spec", "rules", i, "http", "paths", j, "backend"),
              out);
        }
      }
    }
    for (String key : List.of("defaultBackend", "backend")) {
      if (spec.map(key) != null) {
        add(null, "/", "Prefix", spec.map(key), FieldPath.of("spec", key), out);
      }
    }
    return out;
  }

  private static void add(
      String host, String path, String type, MapNode backend, FieldPath at, List<IngressPath> out) {
    MapNode service = backend.map("service");
    if (service != null && ScalarNode.text(service.get("name")) != null) {
      MapNode port = service.map("port");
      String p = port == null ? null : ScalarNode.text(port.get("number"));
      if (p == null && port != null) {
        p = ScalarNode.text(port.get("name"));
      }
      out.add(
          new IngressPath(
              host,
              path,
              type,
              ScalarNode.text(service.get("name")),
              p == null ? "" : p,
              at.key("service")));
    } else if (ScalarNode.text(backend.get("serviceName")) != null) {
      // networking.k8s.io/v1beta1 and extensions/v1beta1, still in old charts
      String p = ScalarNode.text(backend.get("servicePort"));
      out.add(
          new IngressPath(
              host,
              path,
              type,
              ScalarNode.text(backend.get("serviceName")),
              p == null ? "" : p,
              at.key("serviceName")));
    } else {
      out.add(new IngressPath(host, path, type, null, "", at));
    }
  }

  /** The paths of {@code ingress} that send to a Service. */
  public static List<IngressPath> of(Resource ingress) {
    return all(ingress).stream().filter(p -> p.service() != null).toList();
  }
}
