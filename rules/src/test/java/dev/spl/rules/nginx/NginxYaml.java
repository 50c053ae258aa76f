package dev.spl.rules.nginx;

/** Test fixture: ingress-nginx Ingresses, annotations first (line 7 holds the first one). */
final class NginxYaml {
  private NginxYaml() {}

  /**
   * An Ingress named {@code name} of class {@code cls} (none when null) sending / to Service {@code
   * service}:80, with these annotation lines ({@code key: value}) from line 7.
   */
  static String ingressOf(String name, String cls, String service, String... annotations) {
    StringBuilder out =
        new StringBuilder(
            "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: "
                + name
                + "\n  namespace: shop\n  annotations:\n");
    if (annotations.length == 0) {
      out.append("    example.com/owner: web\n");
    }
    for (String a : annotations) {
      out.append("    ").append(a).append('\n');
    }
    out.append("spec:\n");
    if (cls != null) {
      out.append("  ingressClassName: ").append(cls).append('\n');
    }
    out.append("  rules:\n  - host: shop.example.com\n    http:\n      paths:\n")
        .append("      - path: /\n        pathType: Prefix\n        backend:\n")
        .append("          service: {name: ")
        .append(service)
        .append(", port: {number: 80}}\n");
    return out.toString();
  }

  static String ingress(String... annotations) {
    return ingressOf("shop", "nginx", "shop", annotations);
  }

  static String nginx(String name, String value) {
    return "nginx.ingress.kubernetes.io/" + name + ": \"" + value + "\"";
  }
}
