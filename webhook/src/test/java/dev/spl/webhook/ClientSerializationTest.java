package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import org.junit.jupiter.api.Test;

/**
 * The webhook's client reads a watch's ERROR event as a Status, which fabric8 needs to see a 410
 * and list again; read as a generic object, the informer reconnected with the expired
 * resourceVersion for ever (issue 51).
 */
class ClientSerializationTest {
  static final String EXPIRED =
      """
      {"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},\
      "status":"Failure","message":"too old resource version: 1 (5)","reason":"Expired","code":410}}
      """;

  @Test
  void aWatchErrorIsAStatus() {
    Object object =
        WebhookMain.clientSerialization().unmarshal(EXPIRED, WatchEvent.class).getObject();
    Status status = assertInstanceOf(Status.class, object);
    assertEquals(410, status.getCode());
  }

  @Test
  void otherObjectsStayGeneric() {
    String route =
        """
        {"type":"ADDED","object":{"kind":"HTTPRoute","apiVersion":"gateway.networking.k8s.io/v1",\
        "metadata":{"name":"r","namespace":"shop","resourceVersion":"7"}}}
        """;
    assertInstanceOf(
        GenericKubernetesResource.class,
        WebhookMain.clientSerialization().unmarshal(route, WatchEvent.class).getObject());
  }
}
