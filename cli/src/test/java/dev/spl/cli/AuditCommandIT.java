package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * spl audit against fabric8's mock API server in CRUD mode, filled through the client as a real
 * cluster would be, and connected to through a kubeconfig file as kubectl connects. The same
 * objects as files, linted with spl lint, must give the same findings.
 */
@EnableKubernetesMockClient(crud = true)
class AuditCommandIT {
  static final JsonMapper JSON = JsonMapper.builder().build();
  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir Path dir;
  Path kubeconfig;

  static final String CRD =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: httproutes.gateway.networking.k8s.io
        annotations: {gateway.networking.k8s.io/bundle-version: v1.4.1}
      spec:
        group: gateway.networking.k8s.io
        names: {kind: HTTPRoute, plural: httproutes}
        scope: Namespaced
        versions: [{name: v1, served: true, storage: true}]
      """;

  /**
   * A Service with ClientIP affinity, a route persisting to it (SPL110), a bad duration (SPL021).
   */
  static final List<String> OBJECTS =
      List.of(
          """
          apiVersion: v1
          kind: Service
          metadata: {name: legacy, namespace: shop}
          spec: {sessionAffinity: ClientIP, selector: {app: legacy}, ports: [{port: 80}]}
          """,
          """
          apiVersion: gateway.networking.k8s.io/v1
          kind: HTTPRoute
          metadata: {name: legacy, namespace: shop}
          spec:
            parentRefs: [{name: gw}]
            rules:
            - backendRefs: [{name: legacy, port: 80}]
              sessionPersistence: {sessionName: legacy}
          """,
          """
          apiVersion: gateway.networking.k8s.io/v1
          kind: HTTPRoute
          metadata: {name: cart, namespace: web}
          spec:
            parentRefs: [{name: gw}]
            rules:
            - backendRefs: [{name: cart, port: 80}]
              sessionPersistence: {sessionName: cart, absoluteTimeout: 1d}
          """);

  @BeforeEach
  void fill() throws Exception {
    client.resource(CRD).create();
    for (String yaml : OBJECTS) {
      HasMetadata object = client.getKubernetesSerialization().unmarshal(yaml);
      if (object instanceof GenericKubernetesResource route) {
        client
            .genericKubernetesResources(
                new ResourceDefinitionContext.Builder()
                    .withGroup("gateway.networking.k8s.io")
                    .withVersion("v1")
                    .withKind("HTTPRoute")
                    .withPlural("httproutes")
                    .withNamespaced(true)
                    .build())
            .inNamespace(route.getMetadata().getNamespace())
            .resource(route)
            .create();
      } else {
        client.resource(object).create();
      }
    }
    kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(
        kubeconfig,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: mock, cluster: {server: "%s", insecure-skip-tls-verify: true}}]
        users: [{name: me, user: {token: t}}]
        contexts: [{name: mock, context: {cluster: mock, user: me}}]
        current-context: mock
        """
            .formatted(client.getMasterUrl()));
  }

  static Set<String> findings(String json) {
    Set<String> out = new TreeSet<>();
    for (JsonNode f : JSON.readTree(json).get("findings")) {
      JsonNode r = f.get("resource");
      out.add(
          f.get("rule").asString()
              + " "
              + r.get("kind").asString()
              + " "
              + r.get("namespace").asString()
              + "/"
              + r.get("name").asString()
              + " "
              + f.get("field").asString()
              + ": "
              + f.get("message").asString());
    }
    return out;
  }

  @Test
  void findsWhatLintFindsInTheSameObjectsAndTakesTheVersionFromTheCrds() throws Exception {
    CliRun audit = CliRun.of("audit", "--kubeconfig", kubeconfig.toString(), "--format", "json");
    assertEquals(1, audit.status(), audit.err());
    for (int i = 0; i < OBJECTS.size(); i++) {
      Files.writeString(dir.resolve("o" + i + ".yaml"), OBJECTS.get(i));
    }
    CliRun lint =
        CliRun.of("lint", "--gateway-api-version", "v1.4", "--format", "json", dir.toString());
    Set<String> fromCluster = findings(audit.out());
    assertEquals(findings(lint.out()), fromCluster);
    assertTrue(
        fromCluster.stream().anyMatch(f -> f.startsWith("SPL110 HTTPRoute shop/legacy")),
        fromCluster.toString());
    assertTrue(
        fromCluster.stream().anyMatch(f -> f.startsWith("SPL021 HTTPRoute web/cart")),
        fromCluster.toString());
    JsonNode version = JSON.readTree(audit.out()).get("summary").get("gatewayApiVersions").get(0);
    assertEquals("v1.4", version.get("version").asString());
    assertTrue(
        version.get("reason").asString().contains("bundle-version v1.4.1"), version.toString());

    CliRun text = CliRun.of("audit", "--kubeconfig", kubeconfig.toString(), "--no-color");
    assertTrue(
        text.out().contains("HTTPRoute web/cart: error SPL021 absoluteTimeout \"1d\""), text.out());
    assertTrue(text.out().contains("in 3 objects"), text.out());
  }

  @Test
  void theClustersOwnCrdDecidesItsShapeAndRules() throws Exception {
    // A Gateway API release newer than spl knows, with main's shape and a rule spl does not hold.
    client.resource(CRD).delete();
    client
        .resource(
            """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata:
              name: httproutes.gateway.networking.k8s.io
              annotations: {gateway.networking.k8s.io/bundle-version: v1.7.0}
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
                                  properties:
                                    absoluteTimeout: {type: string}
                                    cookie: {type: object, properties: {name: {type: string}}}
                                  x-kubernetes-validations:
                                  - rule: "!has(self.absoluteTimeout) || duration(self.absoluteTimeout) >= duration('1m')"
                                    message: absoluteTimeout must be at least 1m
            """)
        .create();
    client
        .genericKubernetesResources("gateway.networking.k8s.io/v1", "HTTPRoute")
        .inNamespace("web")
        .resource(
            client
                .getKubernetesSerialization()
                .unmarshal(
                    """
                    apiVersion: gateway.networking.k8s.io/v1
                    kind: HTTPRoute
                    metadata: {name: brief, namespace: web}
                    spec:
                      rules:
                      - backendRefs: [{name: brief, port: 80}]
                        sessionPersistence: {cookie: {name: brief}, absoluteTimeout: 30s}
                    """,
                    GenericKubernetesResource.class))
        .create();
    CliRun audit = CliRun.of("audit", "--kubeconfig", kubeconfig.toString(), "--format", "json");
    Set<String> found = findings(audit.out());
    assertTrue(
        found.contains(
            "SPL032 HTTPRoute web/brief spec.rules[0].sessionPersistence: absoluteTimeout must be"
                + " at least 1m (the installed CRD's rule)"),
        found.toString());
    JsonNode version = JSON.readTree(audit.out()).get("summary").get("gatewayApiVersions").get(0);
    assertEquals("main", version.get("version").asString(), version.toString());
    assertTrue(version.get("reason").asString().contains("schema decides"), version.toString());
  }

  @Test
  void envoyGatewaysReleaseIsReadFromItsDeployment() throws Exception {
    client
        .resource(
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
                  - {name: envoy-gateway, image: "docker.io/envoyproxy/gateway:v1.9.1"}
            """)
        .create();
    CliRun audit = CliRun.of("audit", "--kubeconfig", kubeconfig.toString(), "--format", "json");
    JsonNode versions = JSON.readTree(audit.out()).get("summary").get("controllerVersions");
    assertEquals(
        "Envoy Gateway v1.9.1 (image docker.io/envoyproxy/gateway:v1.9.1 in Deployment"
            + " envoy-gateway-system/envoy-gateway)",
        versions.get(0).asString(),
        audit.out());
  }

  @Test
  void oneNamespaceOnly() {
    CliRun audit =
        CliRun.of("audit", "--kubeconfig", kubeconfig.toString(), "-n", "web", "--format", "json");
    assertEquals(1, audit.status(), audit.err());
    Set<String> found = findings(audit.out());
    assertTrue(found.stream().allMatch(f -> f.contains(" web/")), found.toString());
    assertTrue(!found.isEmpty());
  }

  @Test
  void theConfigurationGovernsEveryObject() throws Exception {
    Path config = Files.writeString(dir.resolve("audit.yaml"), "rules: {invalid-duration: off}\n");
    CliRun audit =
        CliRun.of(
            "audit",
            "--kubeconfig",
            kubeconfig.toString(),
            "--config",
            config.toString(),
            "--format",
            "json");
    Set<String> found = findings(audit.out());
    assertTrue(found.stream().noneMatch(f -> f.startsWith("SPL021")), found.toString());
    assertTrue(found.stream().anyMatch(f -> f.startsWith("SPL110")), found.toString());
  }

  @Test
  void aForbiddenKindIsReportedAndTheRestIsStillAudited() {
    server
        .expect()
        .get()
        .withPath("/apis/gateway.networking.k8s.io/v1/grpcroutes?limit=500")
        .andReturn(403, "{\"kind\":\"Status\",\"code\":403,\"reason\":\"Forbidden\"}")
        .always();
    CliRun audit = CliRun.of("audit", "--kubeconfig", kubeconfig.toString(), "--format", "json");
    assertEquals(ExitStatus.INPUT.code(), audit.status(), audit.err());
    assertTrue(
        audit
            .err()
            .contains(
                "gateway.networking.k8s.io/GRPCRoute: not readable with these credentials (403)"),
        audit.err());
    assertTrue(findings(audit.out()).stream().anyMatch(f -> f.startsWith("SPL021")));
  }

  @Test
  void anUnreachableClusterIsAClearError() throws Exception {
    Path nowhere = dir.resolve("nowhere");
    Files.writeString(
        nowhere,
        Files.readString(kubeconfig)
            .replace(client.getMasterUrl().toString(), "https://127.0.0.1:1/"));
    long started = System.nanoTime();
    CliRun audit = CliRun.of("audit", "--kubeconfig", nowhere.toString());
    long seconds = (System.nanoTime() - started) / 1_000_000_000L;
    assertEquals(ExitStatus.INPUT.code(), audit.status(), audit.out() + audit.err());
    assertTrue(
        audit.err().startsWith("spl: cannot reach the API server at https://127.0.0.1:1/"),
        audit.err());
    // a refused connection is said at once; the bound is the reader's own connection timeout
    // (ClusterReader: 10 s), with that much again as slack for a busy machine: it never waits twice
    assertTrue(seconds < 2 * ClusterReader.CONNECTION_TIMEOUT_MILLIS / 1000, seconds + " s");
    // which context of which file, and why in words (fabric8's own message is "null")
    assertTrue(
        audit.err().contains("(context mock of " + nowhere + "): nothing accepted the connection"),
        audit.err());
    CliRun broken = CliRun.of("audit", "--kubeconfig", dir.resolve("missing").toString());
    assertEquals(ExitStatus.USAGE.code(), broken.status(), broken.err());
    CliRun unknown = CliRun.of("audit", "--kubeconfig", nowhere.toString(), "--context", "prod");
    assertEquals(ExitStatus.USAGE.code(), unknown.status(), unknown.err());
    assertTrue(
        unknown.err().contains("context 'prod' is not in " + nowhere + "; it has mock"),
        unknown.err());
  }
}
