package dev.spl.webhook;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.apiserver.VapPolicies;
import dev.spl.catalogue.RuleSelection;
import dev.spl.load.ManifestLoader;
import dev.spl.schema.GatewayApiVersion;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar spl-webhook.jar}: flags as in docs/contracts.md, each also an SPL_* environment
 * variable.
 */
@Command(
    name = "spl-webhook",
    mixinStandardHelpOptions = true,
    description = "Kubernetes ValidatingAdmissionWebhook for Gateway API session persistence.")
public final class WebhookMain implements Callable<Integer> {
  @Option(
      names = "--port",
      defaultValue = "${env:SPL_PORT:-8443}",
      description = "HTTPS port (SPL_PORT).")
  int port;

  @Option(
      names = "--metrics-port",
      defaultValue = "${env:SPL_METRICS_PORT:-0}",
      description =
          "Serve /metrics on this HTTPS port only, apart from the reviews (SPL_METRICS_PORT; 0: on"
              + " --port), so that a NetworkPolicy can let the scraper reach metrics and nothing"
              + " else.")
  int metricsPort;

  @Option(
      names = "--host",
      defaultValue = "${env:SPL_HOST:-0.0.0.0}",
      description = "Address to bind (SPL_HOST).")
  String host;

  @Option(
      names = "--tls-cert-file",
      required = true,
      defaultValue = "${env:SPL_TLS_CERT_FILE}",
      description = "PEM certificate chain, reloaded when it changes (SPL_TLS_CERT_FILE).")
  Path certFile;

  @Option(
      names = "--tls-key-file",
      required = true,
      defaultValue = "${env:SPL_TLS_KEY_FILE}",
      description = "PEM private key: PKCS#1, PKCS#8 or SEC1 (SPL_TLS_KEY_FILE).")
  Path keyFile;

  @Option(
      names = "--gateway-api-version",
      defaultValue = "${env:SPL_GATEWAY_API_VERSION:-latest}",
      description =
          "The Gateway API release the cluster runs, or auto: its installed CRDs decide"
              + " (SPL_GATEWAY_API_VERSION).")
  String gatewayApiVersion;

  /** What decided the version the webhook checks against, for the ready log. */
  private String gatewayApiVersionDecidedBy = "";

  @Option(
      names = "--watch-cluster",
      arity = "1",
      defaultValue = "${env:SPL_WATCH_CLUSTER:-true}",
      description =
          "Watch the cluster for the cross-resource rules; false: single-object rules only.")
  boolean watchCluster;

  @Option(
      names = "--warn-on-existing",
      arity = "0..1",
      defaultValue = "${env:SPL_WARN_ON_EXISTING:-true}",
      description =
          "Deprecated, no effect: an UPDATE is always denied only for errors it introduces.")
  boolean warnOnExisting;

  @Option(
      names = "--fail-closed",
      arity = "0..1",
      defaultValue = "${env:SPL_FAIL_CLOSED:-false}",
      description = "Deny when a rule fails internally (default: allow with a warning).")
  boolean failClosed;

  @Option(
      names = "--shutdown-grace",
      defaultValue = "${env:SPL_SHUTDOWN_GRACE:-PT20S}",
      description =
          "How long in-flight reviews may take to finish on SIGTERM (ISO-8601, e.g. PT20S).")
  Duration shutdownGrace;

  @Option(
      names = "--optional-kinds",
      split = ",",
      defaultValue = "${env:SPL_OPTIONAL_KINDS:-}",
      description =
          "Kinds (group/Kind, e.g. gateway.networking.x-k8s.io/XBackend) whose failing list or watch"
              + " does not make the webhook unready.")
  List<String> optionalKinds = new ArrayList<>();

  @Option(
      names = "--shutdown-delay",
      defaultValue = "${env:SPL_SHUTDOWN_DELAY:-PT5S}",
      description =
          "On SIGTERM, how long /readyz answers 503 while reviews are still served, before the"
              + " port closes: longer than the cluster takes to drop the pod from the Service's"
              + " endpoints (ISO-8601, e.g. PT5S).")
  Duration shutdownDelay;

  @Option(
      names = "--config",
      defaultValue = "${env:SPL_CONFIG}",
      description =
          "The admission configuration, a .spl.yaml (rules, failOn, suppressions, admission: mode,"
              + " allowAnnotationSuppressions), reloaded when it changes (SPL_CONFIG).")
  Path config;

  @Option(
      names = "--mode",
      defaultValue = "${env:SPL_MODE:-enforce}",
      description =
          "enforce (deny at or above failOn), warn (never deny) or audit-only (allow, say"
              + " nothing), unless the configuration's admission.mode says otherwise (SPL_MODE).")
  String mode;

  @Option(
      names = "--audit",
      arity = "0..1",
      defaultValue = "${env:SPL_AUDIT:-false}",
      description =
          "Report what already breaks the rules as PolicyReports (wgpolicyk8s.io/v1alpha2), written"
              + " by the replica that holds the Lease spl-audit (SPL_AUDIT).")
  boolean audit;

  @Option(
      names = "--audit-interval",
      defaultValue = "${env:SPL_AUDIT_INTERVAL:-PT5M}",
      description =
          "How often the background audit runs besides soon after changes (ISO-8601, SPL_AUDIT_INTERVAL).")
  Duration auditInterval;

  @Option(
      names = "--skip-policy-rules",
      arity = "0..1",
      defaultValue = "${env:SPL_SKIP_POLICY_RULES:-false}",
      description =
          "Leave out the rules the API server enforces whole through spl's"
              + " ValidatingAdmissionPolicies (the chart's policies.mode both), so each finding is"
              + " reported once; rules a policy covers in part (SPL102, SPL140) still run.")
  boolean skipPolicyRules;

  @Option(
      names = "--managed-tls-secret",
      defaultValue = "${env:SPL_MANAGED_TLS_SECRET}",
      description =
          "Manage the serving certificate in this Secret (a CA and a serving pair, renewed before"
              + " they expire), write it to --tls-cert-file/--tls-key-file and put the CA into"
              + " --managed-tls-webhook's caBundle: no cert-manager needed (SPL_MANAGED_TLS_SECRET).")
  String managedTlsSecret;

  @Option(
      names = "--managed-tls-webhook",
      defaultValue = "${env:SPL_MANAGED_TLS_WEBHOOK}",
      description = "The ValidatingWebhookConfiguration whose caBundle the managed CA goes into.")
  String managedTlsWebhook;

  @Option(
      names = "--managed-tls-dns",
      split = ",",
      defaultValue = "${env:SPL_MANAGED_TLS_DNS}",
      description = "The serving certificate's DNS names, the Service's (comma-separated).")
  List<String> managedTlsDns;

  @Option(
      names = "--namespace",
      defaultValue = "${env:POD_NAMESPACE:-default}",
      description = "The namespace the webhook runs in, for the managed Secret (POD_NAMESPACE).")
  String namespace;

  private volatile boolean rulesReady;

  /**
   * Jetty sizes its queues to the cache line by asking the platform MBean server whether object
   * references are compressed, unless told: that one question loads JMX and registers the
   * platform's MBeans (about 125 classes and their heap, issue 28). They are compressed in any heap
   * under 32 GiB, the webhook's is a fraction of a pod's 320 MiB: 64-byte lines hold 16.
   */
  static final String JETTY_REFERENCES_PER_CACHE_LINE =
      "org.eclipse.jetty.util.referencesPerCacheLine";

  public static void main(String[] args) {
    if (System.getProperty(JETTY_REFERENCES_PER_CACHE_LINE) == null) {
      System.setProperty(JETTY_REFERENCES_PER_CACHE_LINE, "16");
    }
    int status = new CommandLine(new WebhookMain()).execute(args);
    if (status != 0) {
      System.exit(status);
    }
  }

  @Override
  public Integer call() throws Exception {
    JsonLog log = new JsonLog(System.out, System.getenv("SPL_LOG_LEVEL"));
    LibraryLog.install(log);
    if (!gatewayApiVersion.equals("auto")) {
      try {
        GatewayApiVersion.parse(gatewayApiVersion);
      } catch (IllegalArgumentException e) {
        log.error("bad configuration", "error", e.getMessage() + ", or auto");
        return 2;
      }
    }
    dev.spl.config.AdmissionMode defaultMode;
    try {
      defaultMode = dev.spl.config.AdmissionMode.parse(mode);
    } catch (IllegalArgumentException e) {
      log.error("bad configuration", "error", "--" + e.getMessage());
      return 2;
    }
    AdmissionConfig admin;
    try {
      admin =
          config == null ? AdmissionConfig.none() : AdmissionConfig.load(config, log).start(1_000);
    } catch (dev.spl.config.SplConfig.Invalid e) {
      // The same positioned message spl lint gives for the same file.
      log.error("bad configuration", "error", e.getMessage());
      return 2;
    }
    KubernetesClient client = watchCluster ? newClient() : null;
    if (managedTlsSecret != null && !managedTlsSecret.isBlank()) {
      ManagedTls tls;
      try {
        tls = managedTls(client != null ? client : newClient());
      } catch (IllegalArgumentException e) {
        log.error("bad configuration", "error", e.getMessage());
        return 2;
      }
      if (!startManagedTls(tls, log)) {
        return 1;
      }
    }
    // The configuration's version wins over the flag, for reviews and the cache alike; the
    // cluster's Gateway API CRDs decide under auto, and are held against a configured version.
    List<dev.spl.schema.GatewayApiCrd> installed =
        client == null ? List.of() : InstalledCrds.read(client);
    InstalledCrds.Decision decision =
        admin.current().gatewayApiVersion() != null
            ? InstalledCrds.decide(
                admin.current().gatewayApiVersion().label(),
                "the configuration's gatewayApiVersion",
                installed)
            : InstalledCrds.decide(gatewayApiVersion, "--gateway-api-version", installed);
    for (String warning : decision.warnings()) {
      log.warn("gateway api crds", "warning", warning);
    }
    GatewayApiVersion version = decision.version();
    gatewayApiVersionDecidedBy = decision.decidedBy();
    Engine engine = new Engine();
    List<String> skipped = new ArrayList<>();
    if (skipPolicyRules) {
      skipped.addAll(
          VapPolicies.enforcedWhole(
              VapPolicies.build(version, admin.current(), RuleSelection.all())));
    }
    // The configuration's controller releases win; else the controllers' own Deployments say.
    LintOptions options =
        new LintOptions(version, RuleSelection.of(List.of(), skipped, java.util.Map.of()))
            .withControllerVersions(
                !admin.current().controllers().isEmpty() || client == null
                    ? admin.current().controllers()
                    : InstalledControllers.read(client));
    ObjectFindings objectFindings =
        audit && client != null ? new ObjectFindings(engine, options) : null;
    InformerClusterState informers =
        client == null
            ? null
            : new InformerClusterState(client, log, version)
                .optional(optionalKinds)
                .keepingFindings(objectFindings)
                .start();
    BackgroundAudit backgroundAudit =
        objectFindings == null
            ? null
            : startAudit(client, informers, objectFindings, engine, options, admin, log);
    ClusterState cluster = informers == null ? ClusterState.NONE : informers;
    AdmissionHandler handler =
        new AdmissionHandler(engine, options, cluster, failClosed, admin::current, defaultMode);
    WebhookMetrics metrics = new WebhookMetrics();
    if (backgroundAudit != null) {
      metrics.watch(backgroundAudit);
    }
    WebhookServer server =
        new WebhookServer(
                new WebhookServer.Settings(
                    host, port, certFile, keyFile, 15_000, shutdownGrace.toMillis(), 1_000),
                handler,
                cluster,
                metrics,
                log,
                () -> rulesReady)
            .withConfig(admin)
            .withMetricsPort(metricsPort)
            .start();
    warmUp(engine, AdmissionHandler.reviewing(options));
    rulesReady = true;
    logReady(log, version, skipped);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stopGracefully(server, backgroundAudit, informers, client, log);
                  stopped.countDown();
                },
                "spl-shutdown"));
    stopped.await();
    return 0;
  }

  /**
   * Runs the review path's rules once on every version before the first request (their classes
   * loaded, lazily built tables made), so the first review is not slow.
   */
  static void warmUp(Engine engine, LintOptions options) {
    String sample =
        """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: XBackend
        metadata: {name: warm-up}
        spec:
          type: EndpointSelector
          endpointSelector: {selector: {}, sessionPersistence: {cookie: {name: s}, absoluteTimeout: 1h}}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: warm-up}
        spec:
          rules:
          - sessionPersistence: {sessionName: s, type: Header, cookieConfig: {lifetimeType: Session}}
        """;
    for (GatewayApiVersion v : GatewayApiVersion.values()) {
      engine.lint(new ManifestLoader().loadText("warm-up", sample), options.withVersion(v));
    }
  }

  private BackgroundAudit startAudit(
      KubernetesClient client,
      InformerClusterState informers,
      ObjectFindings objectFindings,
      Engine engine,
      LintOptions options,
      AdmissionConfig admin,
      JsonLog log) {
    return new BackgroundAudit(
            client,
            informers,
            objectFindings,
            engine,
            options,
            admin::current,
            log,
            System.getenv().getOrDefault("POD_NAMESPACE", "default"),
            System.getenv().getOrDefault("POD_NAME", java.util.UUID.randomUUID().toString()),
            auditInterval)
        .start();
  }

  private static KubernetesClient newClient() {
    return new KubernetesClientBuilder()
        .withHttpClientFactory(new BoundedJdkHttpClientFactory())
        // Objects are read as GenericKubernetesResource and a few typed ones (Lease,
        // PolicyReport by name): without the class path search for every model class by
        // kind, ~500 classes of fabric8's models are never loaded (metaspace, issue 28).
        .withKubernetesSerialization(clientSerialization())
        .build();
  }

  ManagedTls managedTls(KubernetesClient client) {
    if (managedTlsWebhook == null || managedTlsWebhook.isBlank()) {
      throw new IllegalArgumentException("--managed-tls-secret needs --managed-tls-webhook");
    }
    if (managedTlsDns == null || managedTlsDns.isEmpty()) {
      throw new IllegalArgumentException("--managed-tls-secret needs --managed-tls-dns");
    }
    return new ManagedTls(
        client,
        new ManagedTls.Settings(
            namespace, managedTlsSecret, managedTlsWebhook, managedTlsDns, certFile, keyFile),
        java.time.Clock.systemUTC());
  }

  /**
   * How often the managed certificate and the caBundle are checked (two reads when nothing is due).
   */
  static final Duration MANAGED_TLS_CHECK = Duration.ofMinutes(1);

  /**
   * Makes the serving certificate before the server starts (retrying while the API server cannot be
   * reached), then checks it every {@link #MANAGED_TLS_CHECK}. False when none could be made.
   */
  private static boolean startManagedTls(ManagedTls tls, JsonLog log) {
    Exception last = null;
    for (int attempt = 1; attempt <= 10; attempt++) {
      try {
        ManagedTls.Outcome outcome = tls.ensure();
        log.info(
            "managed certificate", "outcome", outcome.name().toLowerCase(java.util.Locale.ROOT));
        last = null;
        break;
      } catch (Exception e) {
        last = e;
        log.warn(
            "managed certificate not made yet",
            "attempt",
            attempt,
            "error",
            String.valueOf(e.getMessage()));
        try {
          Thread.sleep(3_000);
        } catch (InterruptedException stop) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    if (last != null) {
      log.error("cannot make the managed certificate", "error", String.valueOf(last.getMessage()));
      return false;
    }
    var checks =
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "spl-managed-tls");
              t.setDaemon(true);
              return t;
            });
    checks.scheduleWithFixedDelay(
        () -> {
          try {
            ManagedTls.Outcome outcome = tls.ensure();
            if (outcome != ManagedTls.Outcome.KEPT) {
              log.info(
                  "managed certificate",
                  "outcome",
                  outcome.name().toLowerCase(java.util.Locale.ROOT));
            }
          } catch (Exception e) {
            log.warn("managed certificate check failed", "error", String.valueOf(e.getMessage()));
          }
        },
        MANAGED_TLS_CHECK.toMillis(),
        MANAGED_TLS_CHECK.toMillis(),
        java.util.concurrent.TimeUnit.MILLISECONDS);
    return true;
  }

  private void logReady(JsonLog log, GatewayApiVersion version, List<String> skipped) {
    log.info(
        "ready to review",
        "gatewayApiVersion",
        version.label(),
        "gatewayApiVersionDecidedBy",
        gatewayApiVersionDecidedBy,
        "watchCluster",
        watchCluster,
        "failClosed",
        failClosed,
        "mode",
        mode,
        "audit",
        audit,
        "rulesLeftToPolicies",
        String.join(",", skipped),
        "rulesLeftToValidation",
        String.join(",", AdmissionHandler.LEFT_TO_VALIDATION),
        "config",
        String.valueOf(config));
  }

  /**
   * Not ready first, so the endpoints drop this pod while it still answers; then stop accepting and
   * let in-flight reviews finish; then give up the audit's Lease and the watches.
   */
  private void stopGracefully(
      WebhookServer server,
      BackgroundAudit backgroundAudit,
      InformerClusterState informers,
      KubernetesClient client,
      JsonLog log) {
    server.stopping();
    log.info("stopping: not ready, still serving", "delaySeconds", shutdownDelay.toSeconds());
    try {
      Thread.sleep(shutdownDelay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    log.info("stopping: finishing in-flight reviews", "graceSeconds", shutdownGrace.toSeconds());
    server.close();
    if (backgroundAudit != null) {
      backgroundAudit.close(); // releases the Lease: another replica takes over
    }
    if (informers != null) {
      informers.close();
      client.close();
    }
  }

  /**
   * The client's JSON: objects are read as GenericKubernetesResource and a few typed ones (Lease,
   * PolicyReport by name), so the class path is not searched for every model class by kind (~500
   * classes of fabric8's models never loaded, metaspace, issue 28). Status is registered by hand:
   * without it a watch's ERROR event (410 Expired after an API server compaction) is read as a
   * generic object, which fabric8 takes for "not a status", reconnects with the expired
   * resourceVersion and never lists again, so the cache went stale for good (issue 51).
   */
  static KubernetesSerialization clientSerialization() {
    KubernetesSerialization json =
        new KubernetesSerialization(new tools.jackson.databind.ObjectMapper(), false);
    json.registerKubernetesResource(io.fabric8.kubernetes.api.model.Status.class);
    return json;
  }
}
