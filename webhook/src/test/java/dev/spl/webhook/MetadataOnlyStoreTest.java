package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataOnlyStoreTest {
  /** The changes passed on, as "put name version" and "removed name version (no spec)". */
  private static final class Recorded implements MetadataOnlyStore.Changes {
    final List<String> seen = new ArrayList<>();

    @Override
    public void put(GenericKubernetesResource obj) {
      seen.add(said("put", obj));
    }

    @Override
    public void removed(GenericKubernetesResource stub) {
      seen.add(said("removed", stub));
    }

    private static String said(String change, GenericKubernetesResource o) {
      String spec = o.getAdditionalProperties().isEmpty() ? " (no spec)" : "";
      return change
          + " "
          + o.getMetadata().getName()
          + " "
          + o.getMetadata().getResourceVersion()
          + spec;
    }
  }

  @Test
  void passesOnEachChangeBeforeReturningAndNotAnUnchangedCopy() {
    Recorded changes = new Recorded();
    MetadataOnlyStore store = new MetadataOnlyStore(changes);
    store.put("shop/cart", service("cart", "1"));
    assertEquals(
        List.of("put cart 1"), changes.seen, "passed on with its spec, before put returns");
    store.put("shop/cart", service("cart", "1")); // a re-list after a lost watch
    store.put("shop/cart", service("cart", "2"));
    store.put("shop/search", service("search", "4"));
    store.remove("shop/cart");
    store.remove("shop/cart"); // gone already: nothing to pass on
    assertEquals(
        List.of("put cart 1", "put cart 2", "put search 4", "removed cart 2 (no spec)"),
        changes.seen);
  }

  private static GenericKubernetesResource service(String name, String version) {
    return service(name, version, "u-" + name);
  }

  private static GenericKubernetesResource service(String name, String version, String uid) {
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(new String("v1")) // not the literal: the store shares its own copy
        .withKind("Service")
        .withNewMetadata()
        .withNamespace(new String("shop"))
        .withName(name)
        .withUid(uid)
        .withResourceVersion(version)
        .withLabels(Map.of("app", name))
        .withAnnotations(Map.of("note", "x".repeat(1000)))
        .endMetadata()
        .withAdditionalProperties(Map.of("spec", Map.of("ports", List.of(Map.of("port", 80)))))
        .build();
  }

  @Test
  void keepsWhatTheInformerFollowsAndNothingElse() {
    MetadataOnlyStore store = new MetadataOnlyStore(new Recorded());
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
    MetadataOnlyStore store = new MetadataOnlyStore(new Recorded());
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

  @Test
  void givesBackUidsAndVersionsExactlyAsWritten() {
    // kept as two longs and a long when they are what the API server writes, as text otherwise
    List<String[]> cases =
        List.of(
            new String[] {"0f8fad5b-d9cb-469f-a165-70867728950e", "48213007"},
            new String[] {"0F8FAD5B-D9CB-469F-A165-70867728950E", "007"},
            new String[] {"00000000-0000-0000-0000-000000000000", "0"},
            new String[] {"not-a-uuid", "999999999999999999999"},
            new String[] {"", ""},
            new String[] {null, null});
    MetadataOnlyStore store = new MetadataOnlyStore(new Recorded());
    for (String[] c : cases) {
      store.put("shop/cart", service("cart", c[1], c[0]));
      GenericKubernetesResource kept = store.get("shop/cart");
      assertEquals(c[0], kept.getMetadata().getUid(), "uid " + c[0]);
      assertEquals(c[1], kept.getMetadata().getResourceVersion(), "resourceVersion " + c[1]);
    }
  }

  @Test
  void aClusterScopedObjectHasNoNamespace() {
    MetadataOnlyStore store = new MetadataOnlyStore(new Recorded());
    GenericKubernetesResource cls = service("eg", "3");
    cls.getMetadata().setNamespace(null);
    String key = store.getKey(cls);
    assertEquals("eg", key);
    store.put(key, cls);
    assertNull(store.get(key).getMetadata().getNamespace());
    assertEquals("eg", store.get(key).getMetadata().getName());
  }
}
