package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.schema.GatewayApiCrd;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The webhook reads the cluster's Gateway API CRDs by name. fabric8's mock server in CRUD mode
 * stands in for the API server (none runs on the build machines).
 */
@EnableKubernetesMockClient(crud = true)
class InstalledCrdsIT {
  KubernetesMockServer server;
  KubernetesClient client;

  @Test
  void readsTheGatewayApiCrdsItFindsAndNothingElse() {
    String yaml =
        """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata:
              name: httproutes.gateway.networking.k8s.io
              annotations: {gateway.networking.k8s.io/bundle-version: v1.7.0, gateway.networking.k8s.io/channel: experimental}
            spec:
              group: gateway.networking.k8s.io
              names: {kind: HTTPRoute, plural: httproutes}
              scope: Namespaced
              versions:
              - name: v1
                served: true
                storage: true
                schema:
                  openAPIV3Schema:
                    type: object
                    properties:
                      spec:
                        type: object
                        properties:
                          rules:
                            type: array
                            items:
                              type: object
                              properties:
                                sessionPersistence:
                                  type: object
                                  properties: {cookie: {type: object}, header: {type: object}}
            """;
    client
        .genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
        .resource(
            client.getKubernetesSerialization().unmarshal(yaml, GenericKubernetesResource.class))
        .create();
    List<GatewayApiCrd> read = InstalledCrds.read(client);
    assertEquals(1, read.size(), read.toString());
    assertEquals("HTTPRoute", read.get(0).kind());
    assertEquals(GatewayApiCrd.Persistence.COOKIE_HEADER, read.get(0).persistence());
    assertEquals("v1.7.0", read.get(0).bundleVersion());
  }
}
