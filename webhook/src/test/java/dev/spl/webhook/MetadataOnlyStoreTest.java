package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataOnlyStoreTest {
  private static GenericKubernetesResource service(String name, String version) {
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(new String("v1")) // not the literal: the store shares its own copy
        .withKind("Service")
        .withNewMetadata()
        .withNamespace(new String("shop"))
        .withName(name)
        .withUid("u-" + name)
        .withResourceVersion(version)
        .withLabels(Map.of("app", name))
        .withAnnotations(Map.of("note", "x".repeat(1000)))
        .endMetadata()
        .withAdditionalProperties(Map.of("spec", Map.of("ports", List.of(Map.of("port", 80)))))
        .build();
  }

  @Test
  void keepsWhatTheInformerFollowsAndNothingElse() {
    MetadataOnlyStore store = new MetadataOnlyStore();
    GenericKubernetesResource cart = service("cart", "1");
    String key = store.getKey(cart);
    assertEquals("shop/cart", key);
    assertNull(store.put(key, cart), "nothing was there");
    GenericKubernetesResource kept = store.get(key);
    assertEquals("v1", kept.getApiVersion());
    assertEquals("Service", kept.getKind());
    assertEquals("shop", kept.getMetadata().getNamespace());
    assertEquals("cart", kept.getMetadata().getName());
    assertEquals("u-cart", kept.getMetadata().getUid());
    assertEquals("1", kept.getMetadata().getResourceVersion());
    assertTrue(kept.getMetadata().getLabels().isEmpty(), "labels are not kept");
    assertTrue(kept.getMetadata().getAnnotations().isEmpty(), "annotations are not kept");
    assertTrue(kept.getAdditionalProperties().isEmpty(), "the spec is not kept");
    assertSame("shop".intern(), kept.getMetadata().getNamespace(), "one namespace String");
    assertSame("v1".intern(), kept.getApiVersion());
  }

  @Test
  void putAndRemoveGiveThePreviousVersion() {
    MetadataOnlyStore store = new MetadataOnlyStore();
    store.put("shop/cart", service("cart", "1"));
    store.put("shop/search", service("search", "4"));
    assertEquals(
        "1", store.put("shop/cart", service("cart", "2")).getMetadata().getResourceVersion());
    assertEquals(2, store.size());
    assertEquals(List.of("shop/cart", "shop/search"), store.keySet().sorted().toList());
    assertEquals(
        List.of("2", "4"),
        store.values().map(r -> r.getMetadata().getResourceVersion()).sorted().toList());
    assertEquals("4", store.remove("shop/search").getMetadata().getResourceVersion());
    assertNull(store.remove("shop/search"));
    assertNull(store.get("shop/search"));
    assertEquals(1, store.size());
  }
}
