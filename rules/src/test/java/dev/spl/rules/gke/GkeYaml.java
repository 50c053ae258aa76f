package dev.spl.rules.gke;

/** Test fixture: a GKE GCPBackendPolicy for Service shop/store with these sessionAffinity lines. */
final class GkeYaml {
  private GkeYaml() {}

  static String policy(String... affinityLines) {
    StringBuilder out =
        new StringBuilder(
            """
            apiVersion: networking.gke.io/v1
            kind: GCPBackendPolicy
            metadata: {name: store, namespace: shop}
            spec:
              targetRef: {group: "", kind: Service, name: store}
              default:
                sessionAffinity:
            """);
    for (String line : affinityLines) {
      out.append("      ").append(line).append('\n');
    }
    return out.toString();
  }
}
