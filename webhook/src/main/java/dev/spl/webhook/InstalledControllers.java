package dev.spl.webhook;

import dev.spl.index.ControllerVersions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;

/**
 * The Gateway controllers' releases, read once at start from their Deployments' images, as {@code
 * spl audit} reads them: Envoy Gateway's, in the namespace and name its chart installs. Read as a
 * plain tree: the webhook loads no typed workload models.
 */
final class InstalledControllers {
  /** Where Envoy Gateway's chart installs its controller. */
  static final String ENVOY_GATEWAY_NAMESPACE = "envoy-gateway-system";

  static final String ENVOY_GATEWAY_DEPLOYMENT = "envoy-gateway";

  private InstalledControllers() {}

  /** The versions the images say; none when the Deployment is absent or may not be read. */
  static ControllerVersions read(KubernetesClient client) {
    ControllerVersions.Builder found = new ControllerVersions.Builder();
    try {
      GenericKubernetesResource deployment =
          client
              .genericKubernetesResources("apps/v1", dev.spl.model.Kinds.DEPLOYMENT)
              .inNamespace(ENVOY_GATEWAY_NAMESPACE)
              .withName(ENVOY_GATEWAY_DEPLOYMENT)
              .get();
      if (deployment != null) {
        for (String image : images(deployment.getAdditionalProperties().get("spec"))) {
          found.image(
              image, "Deployment " + ENVOY_GATEWAY_NAMESPACE + "/" + ENVOY_GATEWAY_DEPLOYMENT);
        }
      }
    } catch (KubernetesClientException unreadable) {
      // not there, or no right to read it: the newest release is assumed, and the rules say so
    }
    return found.build();
  }

  /** spec.template.spec.containers[].image of a Deployment's spec, as a plain tree. */
  static List<String> images(Object spec) {
    if (spec instanceof Map<?, ?> s
        && s.get("template") instanceof Map<?, ?> template
        && template.get("spec") instanceof Map<?, ?> pod
        && pod.get("containers") instanceof List<?> containers) {
      return containers.stream()
          .filter(c -> c instanceof Map<?, ?> m && m.get("image") instanceof String)
          .map(c -> (String) ((Map<?, ?>) c).get("image"))
          .toList();
    }
    return List.of();
  }
}
