package dev.spl.webhook;

import dev.spl.index.ControllerVersions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Map;

/**
 * The Gateway controllers' releases, read once at start from their Deployments' images, as {@code
 * spl audit} reads them: Envoy Gateway's, in the namespace and name its chart installs. Read as a
 * plain tree: the webhook loads no typed workload models.
 */
final class InstalledControllers {
  /** Where Envoy Gateway's chart installs its controller. */
  private InstalledControllers() {}

  /** The versions the images say; none when the Deployment is absent or may not be read. */
  static ControllerVersions read(KubernetesClient client) {
    try {
      GenericKubernetesResource deployment =
          client
              .genericKubernetesResources("apps/v1", dev.spl.model.Kinds.DEPLOYMENT)
              .inNamespace(ControllerVersions.ENVOY_GATEWAY_NAMESPACE)
              .withName(ControllerVersions.ENVOY_GATEWAY_DEPLOYMENT)
              .get();
      return ControllerVersions.ofEnvoyGatewayDeployment(
          deployment == null
              ? null
              : client.getKubernetesSerialization().convertValue(deployment, Map.class));
    } catch (KubernetesClientException unreadable) {
      // not there, or no right to read it: the newest release is assumed, and the rules say so
      return ControllerVersions.NONE;
    }
  }
}
