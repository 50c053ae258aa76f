package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.testing.Await;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Cluster state from fabric8 informers. There is no kube-apiserver on the build machines, so
 * fabric8's mock server in CRUD mode stands in for it, filled through the client as a cluster would
 * be. Waits poll with a deadline; nothing sleeps a fixed time.
 */
@EnableKubernetesMockClient(crud = true)
class InformerClusterStateIT {
  static final JsonMapper JSON = JsonMapper.builder().build();
  KubernetesMockServer server;
  KubernetesClient client;
  InformerClusterState state;
  final ByteArrayOutputStream logs = new ByteArrayOutputStream();

  @AfterEach
  void stop() {
    if (state != null) {
      state.close();
    }
  }

  static void await(String what, BooleanSupplier condition) throws InterruptedException {
    Await.until(what, Duration.ofSeconds(20), condition);
  }

  private InformerClusterState start() {
    return start(client);
  }

  private InformerClusterState start(KubernetesClient through) {
    return new InformerClusterState(
            through,
            new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
            LintOptions.defaults().version())
        .start();
  }

  private void createRoute(String name, String service) {
    GenericKubernetesResource route =
        client
            .getKubernetesSerialization()
            .unmarshal(
                """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: %s}]
            sessionPersistence: {cookie: {name: s}}
        """
                    .formatted(name, service),
                GenericKubernetesResource.class);
    // createOr: on a loaded machine the client may send the POST again after a timeout, and the
    // second finds the route the first created (409); the route exists either way
    client
        .genericKubernetesResources(InformerClusterState.KINDS.get(1).context())
        .inNamespace("shop")
        .resource(route)
        .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
  }

  @Test
  void routeIsDeniedAgainstAServiceInTheCluster() throws Exception {
    client
        .services()
        .inNamespace("shop")
        .resource(
            new ServiceBuilder()
                .withNewMetadata()
                .withName("legacy")
                .withNamespace("shop")
                .endMetadata()
                .withNewSpec()
                .withSessionAffinity("ClientIP")
                .endSpec()
                .build())
        .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
    state = start();
    await("caches to sync", state::isSynced);
    await("the Service in the cache", () -> state.size() == 1);
    AdmissionHandler handler =
        new AdmissionHandler(new Engine(), LintOptions.defaults(), state, false);
    String route =
        Reviews.review(
            "u1",
            "CREATE",
            "gateway.networking.k8s.io",
            "HTTPRoute",
            "shop",
            """
        {"apiVersion": "gateway.networking.k8s.io/v1", "kind": "HTTPRoute", "metadata": {"name": "r"},
         "spec": {"rules": [{"backendRefs": [{"name": "legacy"}], "sessionPersistence": {"cookie": {"name": "s"}}}]}}
        """);
    JsonNode response = handler.review(JSON.readTree(route)).review().get("response");
    assertFalse(response.get("allowed").asBoolean(), response.toString());
    assertTrue(response.get("status").get("message").asString().contains("[SPL110]"));
  }

  @Test
  void onceSyncedEveryListedObjectIsInTheCache() throws Exception {
    // three pages of InformerClusterState.LIST_PAGE: each is projected as the store takes it, so
    // readiness never reports a cache still catching up with a list (with fabric8's event handlers
    // it did: they ran behind the list, on their own queue)
    int routes = (int) InformerClusterState.LIST_PAGE * 2 + 100;
    for (int i = 0; i < routes; i++) {
      createRoute("r" + i, "s" + i);
    }
    state = start(client);
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!state.isSynced()) { // no sleep: the cache is read the moment readiness turns on
      assertTrue(System.nanoTime() < deadline, "caches did not sync");
      Thread.onSpinWait();
    }
    assertEquals(routes, state.size(), "objects in spl's cache as readiness turns on");
    // and the watch goes on from there (closing a watch the mock server has only just opened can
    // block its event loop past its own shutdown timeout)
    createRoute("after", "s0");
    await("the route added after the sync", () -> state.size() == routes + 1);
  }

  @Test
  void theWebhooksOwnClientSyncsAndWatchesOnFourThreads() throws Exception {
    for (int i = 0; i < 200; i++) {
      createRoute("r" + i, "s" + i);
    }
    KubernetesClient own =
        new io.fabric8.kubernetes.client.KubernetesClientBuilder()
            .withConfig(client.getConfiguration())
            .withHttpClientFactory(new BoundedJdkHttpClientFactory())
            .build();
    try {
      state = start(own);
      await("caches to sync", state::isSynced);
      await("the 200 routes in the cache", () -> state.size() == 200);
      createRoute("r200", "s200");
      await("the route added after the sync", () -> state.size() == 201);
      long threads =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> t.getName().equals("spl-k8s-client"))
              .count();
      assertTrue(threads > 0, "the client's work did not run on its pool");
      assertTrue(
          threads <= BoundedJdkHttpClientFactory.THREADS, threads + " threads for the client");
    } finally {
      state.close();
      state = null;
      own.close();
    }
  }

  @Test
  void watchKeepsTheCacheCurrent() throws Exception {
    state = start();
    await("caches to sync", state::isSynced);
    createRoute("r1", "a");
    await("the added route", () -> state.size() == 1);
    client
        .genericKubernetesResources(InformerClusterState.KINDS.get(1).context())
        .inNamespace("shop")
        .withName("r1")
        .delete();
    await("the deleted route to leave", () -> state.size() == 0);
  }

  @Test
  void aMissingCrdIsSkippedAndReported() throws Exception {
    // This "cluster" has no experimental channel: listing XBackends fails with 404.
    server
        .expect()
        .get()
        .withPath("/apis/gateway.networking.x-k8s.io/v1alpha1/xbackends?resourceVersion=0")
        .andReturn(
            404,
            "{\"kind\":\"Status\",\"code\":404,\"message\":\"the server could not find the requested resource\"}")
        .always();
    server
        .expect()
        .get()
        .withPath("/apis/gateway.networking.x-k8s.io/v1alpha1/xbackends")
        .andReturn(404, "{\"kind\":\"Status\",\"code\":404}")
        .always();
    // informers list in pages
    server
        .expect()
        .get()
        .withPath(
            "/apis/gateway.networking.x-k8s.io/v1alpha1/xbackends?limit="
                + InformerClusterState.LIST_PAGE)
        .andReturn(404, "{\"kind\":\"Status\",\"code\":404}")
        .always();
    state = start();
    await(
        "the missing kind to be reported",
        () -> state.skipped().containsKey("gateway.networking.x-k8s.io/XBackend"));
    await("the other caches to sync", state::isSynced);
    assertFalse(state.syncState().containsKey("gateway.networking.x-k8s.io/XBackend"));
    assertEquals(InformerClusterState.KINDS.size() - 1, state.syncState().size());
    assertTrue(logs.toString(StandardCharsets.UTF_8).contains("kind not watched"));
  }

  @Test
  void aFailedListKeepsReadinessDownUntilARetrySucceeds() throws Exception {
    // a transient 403 (RBAC not yet propagated), twice; then the list works
    server
        .expect()
        .get()
        .withPath("/api/v1/services?limit=" + InformerClusterState.LIST_PAGE)
        .andReturn(403, "{\"kind\":\"Status\",\"code\":403,\"message\":\"forbidden\"}")
        .times(2);
    state = start();
    await(
        "Services to be reported failing",
        () -> Boolean.FALSE.equals(state.syncState().get("Service")));
    assertFalse(state.isSynced(), "not ready while a kind cannot be listed");
    assertFalse(state.skipped().containsKey("Service"), "a 403 is not a missing CRD");
    await("the retry to succeed", state::isSynced);
    assertTrue(logs.toString(StandardCharsets.UTF_8).contains("cannot watch kind; retrying"));
  }

  @Test
  void anOptionalKindDoesNotHoldReadinessBack() throws Exception {
    server
        .expect()
        .get()
        .withPath("/api/v1/services?limit=" + InformerClusterState.LIST_PAGE)
        .andReturn(403, "{\"kind\":\"Status\",\"code\":403,\"message\":\"forbidden\"}")
        .always();
    state =
        new InformerClusterState(
                client,
                new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
                LintOptions.defaults().version())
            .optional(List.of("Service"))
            .start();
    await("the other kinds to sync", state::isSynced);
    // the optional kind's failure is logged by its own informer, which may come after the rest
    await(
        "the optional kind's failure to be logged",
        () -> logs.toString(StandardCharsets.UTF_8).contains("cannot watch kind; retrying"));
  }
}
