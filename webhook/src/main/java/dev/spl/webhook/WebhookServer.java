package dev.spl.webhook;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTPS face of the webhook: TLS 1.2+ with certificates reloaded from their files, a body
 * limit, timeouts, and the routes POST /validate, GET /healthz, /readyz and /metrics. Everything
 * about admission itself is in {@link AdmissionHandler}.
 */
final class WebhookServer implements AutoCloseable {
  /**
   * The largest Kubernetes object is about 1.5 MiB in etcd; requests carry object and oldObject.
   */
  static final long MAX_BODY_BYTES = 3L * 1024 * 1024;

  /**
   * A whole body must arrive within this, or the request is answered 408 and closed. The API server
   * sends a review at once; 10 s is far above a 3 MiB body's transfer time on a cluster network,
   * and a third of the longest review timeout the API server allows (30 s).
   */
  static final long BODY_DEADLINE_MILLIS = 10_000;

  /**
   * Request bodies in memory at once, beyond each body's first 64 KiB (a lane of their own: see
   * {@link WholeBodyHandler}). A review parses its body into trees many times its size, so eight
   * concurrent 2.9 MiB objects exhausted the chart's heap; with this budget two largest-size
   * reviews are read at once, one client holds at most half of it, and the rest are read as it
   * frees (within their deadline).
   */
  static final long BODY_BUDGET_BYTES = 2 * MAX_BODY_BYTES;

  /**
   * Open connections at most; past it Jetty accepts no more until one closes (the rest wait in the
   * kernel's backlog). An idle TLS connection costs about 45 KiB (5,000 took RSS from 189 to 411
   * MiB, over the chart's limit of the time, 384 Mi); the API server keeps a few per replica.
   */
  static final int MAX_CONNECTIONS = 1_000;

  /**
   * Open connections from one client address at most: a tenth of the cap, so that one client cannot
   * hold all of it. The API server keeps a few per replica (more only under a burst).
   */
  static final int MAX_CONNECTIONS_PER_CLIENT = 100;

  /**
   * At the connection limit, connections idle this long are closed, so that thousands of idle
   * sockets cannot keep the API server's out.
   */
  static final long IDLE_AT_LIMIT_MILLIS = 1_000;

  /**
   * A connection must deliver its first request head (after the TLS handshake) within this, and
   * each later one within this of its bytes starting, or it is closed: a client that opens
   * connections and sends nothing, or a header a byte at a time, holds none for long.
   */
  static final long REQUEST_HEAD_DEADLINE_MILLIS = 10_000;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Where and how to serve. */
  record Settings(
      String host,
      int port,
      Path certFile,
      Path keyFile,
      long idleTimeoutMillis,
      long shutdownGraceMillis,
      long certCheckMillis,
      Limits limits) {

    /** With the default limits. */
    Settings(
        String host,
        int port,
        Path certFile,
        Path keyFile,
        long idleTimeoutMillis,
        long shutdownGraceMillis,
        long certCheckMillis) {
      this(
          host,
          port,
          certFile,
          keyFile,
          idleTimeoutMillis,
          shutdownGraceMillis,
          certCheckMillis,
          Limits.DEFAULT);
    }
  }

  /**
   * What clients may hold: a body's time to arrive, connections in all and per client address, a
   * request head's time.
   */
  record Limits(
      long bodyDeadlineMillis,
      int maxConnections,
      long requestHeadDeadlineMillis,
      int maxConnectionsPerClient) {
    static final Limits DEFAULT =
        new Limits(
            BODY_DEADLINE_MILLIS,
            MAX_CONNECTIONS,
            REQUEST_HEAD_DEADLINE_MILLIS,
            MAX_CONNECTIONS_PER_CLIENT);

    /** Without a share per client: one client may hold every connection. */
    Limits(long bodyDeadlineMillis, int maxConnections, long requestHeadDeadlineMillis) {
      this(bodyDeadlineMillis, maxConnections, requestHeadDeadlineMillis, maxConnections);
    }
  }

  private final Settings settings;
  private final AdmissionHandler handler;
  private final ClusterState cluster;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final BooleanSupplier rulesReady;
  private Javalin app;
  private CertificateReloader reloader;
  private ServerConnector connector;
  private NetworkConnectionLimit limit;
  private int metricsPort;
  private ServerConnector metricsConnector;
  private volatile boolean tlsLoaded;
  private volatile String lastReadiness = "";
  private volatile boolean stopping;
  private AdmissionConfig config = AdmissionConfig.none();
  private final Refusals refusals;

  WebhookServer(
      Settings settings,
      AdmissionHandler handler,
      ClusterState cluster,
      WebhookMetrics metrics,
      JsonLog log,
      BooleanSupplier rulesReady) {
    this.settings = settings;
    this.handler = handler;
    this.cluster = cluster;
    this.metrics = metrics;
    this.log = log;
    this.refusals = new Refusals(metrics, log);
    this.rulesReady = rulesReady;
  }

  /**
   * Serves /metrics on {@code port} only (HTTPS, the same certificate), and nothing else there; 0
   * keeps it on the reviews' port.
   */
  WebhookServer withMetricsPort(int port) {
    this.metricsPort = port;
    return this;
  }

  /** The port /metrics is served on. */
  int metricsPort() {
    return metricsConnector == null ? port() : metricsConnector.getLocalPort();
  }

  /** The admission configuration whose reload state /readyz and /metrics show. */
  WebhookServer withConfig(AdmissionConfig config) {
    this.config = config;
    return this;
  }

  /** An HTTPS connector on {@code port} (0: any free one) with the server's certificate. */
  private ServerConnector tlsConnector(
      org.eclipse.jetty.server.Server server,
      HttpConfiguration base,
      SslContextFactory.Server ssl,
      int port) {
    HttpConfiguration https = new HttpConfiguration(base);
    // The API server connects by the Service's DNS name; do not reject other Host headers.
    https.addCustomizer(new SecureRequestCustomizer(false));
    ServerConnector c =
        new ServerConnector(
            server, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(https));
    c.setHost(settings.host());
    c.setPort(port);
    c.setIdleTimeout(settings.idleTimeoutMillis()); // a slow or stalled client is cut off
    return c;
  }

  /** Connections open now, never more than the cap. */
  int openConnections() {
    return limit.getNetworkConnectionCount();
  }

  WebhookServer start() throws Exception {
    SslContextFactory.Server ssl = new SslContextFactory.Server();
    reloader = new CertificateReloader(settings.certFile(), settings.keyFile(), ssl, log);
    KeyStore store = reloader.start(settings.certCheckMillis());
    ssl.setKeyStore(store);
    ssl.setKeyStorePassword(new String(PemKeyStore.PASSWORD));
    ssl.setIncludeProtocols("TLSv1.2", "TLSv1.3");
    tlsLoaded = true;
    app =
        Javalin.create(
                cfg -> {
                  cfg.startup.showJavalinBanner = false;
                  // Sized to the pod, not to Javalin's default of 250: bodies are read without a
                  // thread (WholeBodyHandler) and reviews run on their own bounded pool.
                  QueuedThreadPool threads =
                      new QueuedThreadPool(
                          Math.max(128, 8 * Runtime.getRuntime().availableProcessors() + 16),
                          4,
                          30_000);
                  threads.setName("spl-http");
                  cfg.jetty.threadPool = threads;
                  cfg.http.maxRequestSize = MAX_BODY_BYTES;
                  cfg.jetty.modifyServer(
                      server -> {
                        server.setStopTimeout(settings.shutdownGraceMillis());
                        // Bodies are read whole, asynchronously, before a thread handles them.
                        server.setHandler(
                            new WholeBodyHandler(
                                server.getHandler(),
                                (int) MAX_BODY_BYTES,
                                settings.limits().bodyDeadlineMillis(),
                                (int) BODY_BUDGET_BYTES,
                                refusals::report));
                      });
                  cfg.jetty.addConnector(
                      (server, httpConfig) -> {
                        connector = tlsConnector(server, httpConfig, ssl, settings.port());
                        connector.addBean(
                            new RequestHeadDeadline(
                                connector, settings.limits().requestHeadDeadlineMillis()));
                        limit =
                            new NetworkConnectionLimit(
                                settings.limits().maxConnections(), connector);
                        limit.setEndPointIdleTimeout(IDLE_AT_LIMIT_MILLIS);
                        server.addBean(limit);
                        connector.addBean(
                            new ClientConnectionLimit(
                                settings.limits().maxConnectionsPerClient(),
                                () ->
                                    refusals.report(
                                        new WholeBodyHandler.Refusal(
                                            WholeBodyHandler.Refusal.CONNECTION,
                                            "over the client's connections"))));
                        return connector;
                      });
                  if (metricsPort != 0) {
                    cfg.jetty.addConnector(
                        (server, httpConfig) ->
                            metricsConnector =
                                tlsConnector(
                                    server, httpConfig, ssl, metricsPort < 0 ? 0 : metricsPort));
                  }
                  // While stopping, every answer closes its connection, so that no client still
                  // holds an idle keep-alive connection (and sends on it) when the port closes.
                  cfg.routes.before(
                      ctx -> {
                        if (stopping) {
                          ctx.header("Connection", "close");
                        }
                        // With a metrics port, it serves /metrics alone, and the reviews' port
                        // everything but /metrics.
                        if (metricsConnector != null
                            && (ctx.req().getLocalPort() == metricsConnector.getLocalPort())
                                != ctx.path().equals("/metrics")) {
                          throw new io.javalin.http.NotFoundResponse();
                        }
                      });
                  cfg.routes.post("/validate", ctx -> validate(ctx, null));
                  // The chart sends namespaces labelled spl.dev/mode=warn here (a second webhook
                  // with that namespaceSelector): the label decides, not the object's author.
                  cfg.routes.post(
                      "/validate/warn", ctx -> validate(ctx, dev.spl.config.AdmissionMode.WARN));
                  cfg.routes.get("/healthz", ctx -> ctx.contentType("text/plain").result("ok\n"));
                  cfg.routes.get("/readyz", this::ready);
                  cfg.routes.get(
                      "/metrics",
                      ctx ->
                          ctx.contentType(WebhookMetrics.contentType())
                              .result(metrics.scrape(cluster, reloader.reloads(), config)));
                  cfg.routes.exception(
                      HttpResponseException.class,
                      (e, ctx) -> {
                        if (e.getStatus() == 413) {
                          metrics.recordInvalid();
                        }
                        ctx.status(e.getStatus())
                            .contentType("text/plain")
                            .result(e.getMessage() + "\n");
                      });
                  cfg.routes.exception(
                      Exception.class,
                      (e, ctx) -> {
                        if (e instanceof java.io.IOException) {
                          // the client hung up or broke the connection: its business, not ours
                          log.debug("client went away", "path", ctx.path());
                          return;
                        }
                        log.error(
                            "request failed",
                            "path",
                            ctx.path(),
                            "error",
                            e.getClass().getSimpleName());
                        ctx.status(500)
                            .contentType("text/plain")
                            .result("internal error\n"); // never a stack trace
                      });
                })
            .start();
    log.info(
        "listening",
        "host",
        settings.host(),
        "port",
        port(),
        "subject",
        PemKeyStore.subject(store));
    return this;
  }

  int port() {
    return connector.getLocalPort();
  }

  private void validate(Context ctx, dev.spl.config.AdmissionMode modeOverride) {
    long started = System.nanoTime();
    String type = ctx.contentType();
    if (type != null && !type.startsWith("application/json")) {
      invalid(ctx, 415, "expected Content-Type application/json, got " + type);
      return;
    }
    if (ctx.contentLength() > MAX_BODY_BYTES) {
      invalid(
          ctx,
          413,
          "the body is " + ctx.contentLength() + " bytes; the limit is " + MAX_BODY_BYTES);
      return;
    }
    JsonNode body;
    try {
      body = JSON.readTree(ctx.bodyAsBytes());
    } catch (JacksonException e) {
      // Where, never what: the body is the client's and is not echoed back or logged.
      var at = e.getLocation();
      invalid(
          ctx,
          400,
          "the body is not valid JSON"
              + (at == null
                  ? ""
                  : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
      return;
    }
    AdmissionHandler.Outcome outcome;
    try {
      outcome = handler.review(body, deadline(ctx), modeOverride);
    } catch (InvalidReviewException e) {
      invalid(ctx, 400, "not an AdmissionReview: " + e.getMessage());
      return;
    } catch (OutOfMemoryError e) {
      // Without -XX:+ExitOnOutOfMemoryError (the chart sets it) the JVM goes on: answer, log,
      // count.
      body = null;
      metrics.recordInternalError();
      log.error("out of memory while reviewing; answered 503");
      ctx.status(503).contentType("text/plain").result("spl: out of memory, try again\n");
      return;
    }
    ctx.contentType("application/json").result(JSON.writeValueAsBytes(outcome.review()));
    double seconds = (System.nanoTime() - started) / 1e9;
    metrics.recordReview(outcome, seconds);
    log.info(
        "review",
        "uid",
        clip(outcome.uid()),
        "kind",
        clip(outcome.kind()),
        "namespace",
        clip(outcome.namespace()),
        "name",
        clip(outcome.name()),
        "operation",
        clip(outcome.operation()),
        "dryRun",
        outcome.dryRun(),
        "verdict",
        outcome.verdict(),
        "findings",
        outcome.findings().size(),
        "latencyMs",
        Math.round(seconds * 1e6) / 1e3);
  }

  /** When the review must be answered: the body's deadline, which also bounds the API server's. */
  private static java.util.OptionalLong deadline(Context ctx) {
    return ctx.attribute(WholeBodyHandler.DEADLINE_ATTRIBUTE) instanceof Long at
        ? java.util.OptionalLong.of(at)
        : java.util.OptionalLong.empty();
  }

  /** Request values in the log are cut to a Kubernetes name's length: a log line stays a line. */
  private static String clip(String value) {
    return value == null || value.length() <= 253 ? value : value.substring(0, 253) + "...";
  }

  private void invalid(Context ctx, int status, String message) {
    metrics.recordInvalid();
    log.warn("invalid request", "status", status, "reason", message);
    ctx.status(status).contentType("text/plain").result(message + "\n");
  }

  /** SIGTERM: /readyz turns 503 while reviews are still served, until {@link #close}. */
  void stopping() {
    stopping = true;
  }

  private void ready(Context ctx) {
    List<String> notReady = new ArrayList<>();
    if (stopping) {
      notReady.add("stopping");
    }
    if (!tlsLoaded) {
      notReady.add("tls: no certificate loaded");
    }
    if (!rulesReady.getAsBoolean()) {
      notReady.add("rules: not compiled yet");
    }
    for (Map.Entry<String, Boolean> e : cluster.syncState().entrySet()) {
      if (!e.getValue()) {
        notReady.add("cache: " + e.getKey() + " not synced");
      }
    }
    cluster.skipped().forEach((kind, why) -> notReady.add("skipped: " + kind + " (" + why + ")"));
    // The details (API server addresses, errors) go to the log, once per change, not to callers.
    String details = String.join("; ", notReady);
    if (!details.equals(lastReadiness)) {
      lastReadiness = details;
      log.info("readiness", "ready", isReady(notReady), "details", details);
    }
    // A refused configuration change does not make the pod unready (every replica would go at
    // once); it serves the last good one and says so.
    String configNote =
        config.reloadProblem().isPresent()
            ? "; the configuration's last change was refused, the previous one is in use (see the log)"
            : "";
    ctx.status(isReady(notReady) ? 200 : 503)
        .contentType("text/plain")
        .result((isReady(notReady) ? "ready" : "not ready; see the log") + configNote + "\n");
  }

  private static boolean isReady(List<String> notReady) {
    return notReady.stream().allMatch(n -> n.startsWith("skipped: "));
  }

  CertificateReloader reloader() {
    return reloader;
  }

  /** Stops accepting, lets in-flight reviews finish (up to the grace period), then stops. */
  @Override
  public void close() {
    if (app != null) {
      try {
        app.stop();
      } catch (RuntimeException e) {
        // Keep-alive connections idle past the grace period (the API server keeps them): the
        // in-flight reviews are done; the rest are closed as the server goes.
        log.info("stopped after the grace period with idle connections open");
      }
    }
    if (reloader != null) {
      reloader.close();
    }
  }
}
