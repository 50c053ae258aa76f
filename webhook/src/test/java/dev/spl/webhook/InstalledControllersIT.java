package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.index.ControllerVersions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

/**
 * The webhook reads Envoy Gateway's release from its controller's Deployment. fabric8's mock server
 * in CRUD mode stands in for the API server (none runs on the build machines).
 */
@EnableKubernetesMockClient(crud = true)
class InstalledControllersIT {
  KubernetesMockServer server;
  KubernetesClient client;

  @Test
  void envoyGatewaysReleaseIsItsImagesTag() {
    assertTrue(InstalledControllers.read(client).isEmpty(), "not installed: nothing known");
    client
        .genericKubernetesResources("apps/v1", "Deployment")
        .inNamespace("envoy-gateway-system")
        .resource(
            client
                .getKubernetesSerialization()
                .unmarshal(
                    """
                    apiVersion: apps/v1
                    kind: Deployment
                    metadata: {name: envoy-gateway, namespace: envoy-gateway-system}
                    spec:
                      selector: {matchLabels: {app: eg}}
                      template:
                        metadata: {labels: {app: eg}}
                        spec:
                          containers:
                          - name: envoy-gateway
                            image: docker.io/envoyproxy/gateway:v1.10.1
                    """,
                    GenericKubernetesResource.class))
        .create();
    ControllerVersions.Version eg =
        InstalledControllers.read(client).of(ControllerVersions.ENVOY_GATEWAY).orElseThrow();
    assertTrue(eg.atLeast(1, 10), eg.toString());
    assertEquals(
        "image docker.io/envoyproxy/gateway:v1.10.1 in Deployment envoy-gateway-system/envoy-gateway",
        eg.source());
  }
}
