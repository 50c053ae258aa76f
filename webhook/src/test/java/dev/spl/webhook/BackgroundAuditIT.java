package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.RuleSelection;
import dev.spl.config.SplConfig;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.testing.Await;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The background audit against fabric8's mock API server in CRUD mode: objects already in the
 * cluster become PolicyReport results, a fix removes its result, an unchanged cluster causes no
 * writes, and of two replicas only the one holding the Lease writes.
 */
@EnableKubernetesMockClient(crud = true)
class BackgroundAuditIT {
  KubernetesMockServer server;
  KubernetesClient client;
  final ByteArrayOutputStream logs = new ByteArrayOutputStream();
  InformerClusterState state;
  BackgroundAudit first;
  BackgroundAudit second;

  static final String SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: legacy, namespace: shop}
      spec: {sessionAffinity: ClientIP, selector: {app: legacy}, ports: [{port: 80}]}
      """;
  static final String LEGACY_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: legacy, namespace: shop}
      spec:
        parentRefs: [{name: gw}]
        rules:
        - backendRefs: [{name: legacy, port: 80}]
          sessionPersistence: {sessionName: legacy}
      """;
  static final String CART_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: cart, namespace: web}
      spec:
        parentRefs: [{name: gw}]
        rules:
        - backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: cart, absoluteTimeout: %s}
      """;

  @AfterEach
  void stop() {
    for (AutoCloseable c : new AutoCloseable[] {first, second, state}) {
      if (c != null) {
        try {
          c.close();
        } catch (Exception e) {
          // closing
        }
      }
    }
  }

  void apply(String yaml) {
    HasMetadata object = client.getKubernetesSerialization().unmarshal(yaml);
    if (object instanceof GenericKubernetesResource route) {
      client
          .genericKubernetesResources(InformerClusterState.KINDS.get(1).context())
          .inNamespace(route.getMetadata().getNamespace())
          .resource(route)
          .createOr(r -> r.update());
    } else {
      client.resource(object).createOr(r -> r.update());
    }
  }

  GenericKubernetesResource report(String namespace) {
    return client
        .genericKubernetesResources(PolicyReports.NAMESPACED)
        .inNamespace(namespace)
        .withName("spl")
        .get();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> results(GenericKubernetesResource report) {
    return (List<Map<String, Object>>) report.getAdditionalProperties().get("results");
  }

  /** The cluster state, started and synced, keeping {@code findings} up to date. */
  InformerClusterState synced(LintOptions options, ObjectFindings findings) throws Exception {
    InformerClusterState started =
        new InformerClusterState(
                client,
                new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
                options.version())
            .keepingFindings(findings)
            .start();
    InformerClusterStateIT.await("caches to sync", started::isSynced);
    return started;
  }

  BackgroundAudit audit(
      String identity, InformerClusterState cluster, ObjectFindings findings, LintOptions options) {
    return new BackgroundAudit(
        client,
        cluster,
        findings,
        new Engine(),
        options,
        SplConfig::none,
        new JsonLog(new PrintStream(logs, true, StandardCharsets.UTF_8)),
        "spl-system",
        identity,
        Duration.ofMinutes(5));
  }

  @Test
  void existingViolationsBecomeReportsThatFollowTheCluster() throws Exception {
    apply(SERVICE);
    apply(LEGACY_ROUTE);
    apply(CART_ROUTE.formatted("1d"));
    LintOptions options = new LintOptions(GatewayApiVersion.V1_4, RuleSelection.all());
    ObjectFindings findings = new ObjectFindings(new Engine(), options);
    state = synced(options, findings);
    InformerClusterStateIT.await("three objects cached", () -> state.size() == 3);

    first = audit("replica-a", state, findings, options).start();
    second = audit("replica-b", state, findings, options).start();
    InformerClusterStateIT.await("a leader", () -> first.leading() || second.leading());
    BackgroundAudit leader = first.leading() ? first : second;
    BackgroundAudit follower = leader == first ? second : first;
    InformerClusterStateIT.await(
        "the reports", () -> report("shop") != null && report("web") != null);

    Map<String, Object> cart = results(report("web")).get(0);
    assertEquals("SPL021", cart.get("rule"));
    assertEquals("fail", cart.get("result"));
    assertEquals("spl", cart.get("policy"));
    assertEquals(
        Map.of(
            "apiVersion",
            "gateway.networking.k8s.io/v1",
            "kind",
            "HTTPRoute",
            "namespace",
            "web",
            "name",
            "cart"),
        ((List<?>) cart.get("resources")).get(0));
    // a cross-resource finding, over the whole cache: the route persists to a ClientIP Service
    assertTrue(
        results(report("shop")).stream().anyMatch(r -> "SPL110".equals(r.get("rule"))),
        results(report("shop")).toString());
    Map<String, Object> summary =
        (Map<String, Object>) report("web").getAdditionalProperties().get("summary");
    assertEquals(1, ((Number) summary.get("fail")).intValue());

    // nothing changed: nothing written
    long writes = leader.reportWrites();
    assertEquals(0, leader.runOnce());
    assertEquals(writes, leader.reportWrites());
    assertEquals(0, follower.reportWrites(), "only the leader writes");
    assertEquals(1L, leader.violations().get("SPL021|web"));
    WebhookMetrics metrics = new WebhookMetrics();
    metrics.watch(leader);
    String scraped = metrics.scrape(ClusterState.NONE, 0);
    assertTrue(
        scraped.contains("spl_audit_violations{namespace=\"web\",rule=\"SPL021\"} 1.0"), scraped);
    assertTrue(scraped.contains("spl_audit_leader 1.0"), scraped);

    // the fix removes its result (and the namespace's report, now empty)
    apply(CART_ROUTE.formatted("24h"));
    InformerClusterStateIT.await("the fixed route's report gone", () -> report("web") == null);
    assertNotNull(report("shop"), "the other namespace's report stays");
    assertEquals(0, follower.reportWrites(), "only the leader writes");
  }

  @Test
  void aReportTheApiServerRefusesLeavesTheOthersWritten() throws Exception {
    // the API server refuses "shop"'s report (too large for etcd, say); "web"'s is still written
    server
        .expect()
        .post()
        .withPath("/apis/wgpolicyk8s.io/v1alpha2/namespaces/shop/policyreports")
        .andReturn(
            413,
            "{\"kind\":\"Status\",\"code\":413,\"message\":\"etcdserver: request is too large\"}")
        .always();
    apply(SERVICE);
    apply(LEGACY_ROUTE);
    apply(CART_ROUTE.formatted("1d"));
    LintOptions options = new LintOptions(GatewayApiVersion.V1_4, RuleSelection.all());
    ObjectFindings findings = new ObjectFindings(new Engine(), options);
    state = synced(options, findings);
    InformerClusterStateIT.await("three objects cached", () -> state.size() == 3);
    first = audit("replica-a", state, findings, options).start();
    InformerClusterStateIT.await("the web report", () -> report("web") != null);
    assertEquals(null, report("shop"));
    InformerClusterStateIT.await(
        "the refusal logged",
        () ->
            logs.toString(StandardCharsets.UTF_8)
                .contains("report not written; trying again at the next run"));
    assertTrue(logs.toString(StandardCharsets.UTF_8).contains("\"namespace\":\"shop\""));
  }

  @Test
  void aReplicaThatLostTheLeaseCampaignsAgain() throws Exception {
    LintOptions options = new LintOptions(GatewayApiVersion.V1_4, RuleSelection.all());
    ObjectFindings findings = new ObjectFindings(new Engine(), options);
    state = synced(options, findings);
    first = audit("replica-a", state, findings, options).start();
    InformerClusterStateIT.await("leading", first::leading);
    // another holder takes the Lease (as after an outage in which this replica could not renew):
    // fabric8's elector ends; the audit campaigns again and leads once the Lease expires
    // The elector renews the Lease meanwhile: a write on a stale resourceVersion is refused with
    // 409, as the API server refuses it; read it again and retry, as any client must.
    for (int attempt = 1; ; attempt++) {
      io.fabric8.kubernetes.api.model.coordination.v1.Lease lease =
          client.leases().inNamespace("spl-system").withName(BackgroundAudit.LEASE).get();
      lease.getSpec().setHolderIdentity("replica-gone");
      lease.getSpec().setRenewTime(java.time.ZonedDateTime.now());
      try {
        client.leases().inNamespace("spl-system").resource(lease).update();
        break;
      } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == 50) {
          throw e;
        }
      }
    }
    InformerClusterStateIT.await("the lost lead noticed", () -> !first.leading());
    Await.until("campaigning again", Duration.ofSeconds(40), () -> first.recampaigns() > 0);
    Await.until("leading again", Duration.ofSeconds(60), first::leading);
  }
}
