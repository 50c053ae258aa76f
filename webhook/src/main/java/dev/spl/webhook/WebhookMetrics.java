package dev.spl.webhook;

import dev.spl.model.Finding;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/** The webhook's Prometheus metrics; the engine knows nothing of them. */
final class WebhookMetrics {
  /** Up to the API server's longest webhook timeout (30 s); the chart's default is 5 s. */
  private static final double[] LATENCY_BUCKETS = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30
  };

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Counter requests =
      Counter.builder()
          .name("spl_admission_requests_total")
          .help("AdmissionReviews answered, by kind, operation, verdict and whether dry-run")
          .labelNames("kind", "operation", "verdict", "dry_run")
          .register(registry);
  private final Histogram latency =
      Histogram.builder()
          .name("spl_admission_duration_seconds")
          .help("Time to answer an AdmissionReview, parsing included")
          .classicOnly()
          .classicUpperBounds(LATENCY_BUCKETS)
          .register(registry);
  private final Counter findings =
      Counter.builder()
          .name("spl_findings_total")
          .help("Findings in admitted or denied objects, by rule and severity")
          .labelNames("rule", "severity")
          .register(registry);
  private final Counter invalid =
      Counter.builder()
          .name("spl_invalid_requests_total")
          .help("Requests answered with HTTP 400 or 413: not an AdmissionReview, or too large")
          .register(registry);
  private final Counter refusedForMemory =
      Counter.builder()
          .name("spl_refused_for_memory_total")
          .help("Requests answered 503: no memory for their body before its deadline")
          .register(registry);
  private final Counter refused =
      Counter.builder()
          .name("spl_requests_refused_total")
          .help(
              "Requests answered without being handled, by status: 408 body too slow, 413 too"
                  + " large, 429 client over its share, 503 no memory, 400 unreadable; connection:"
                  + " closed on opening, the client over its connections")
          .labelNames("status")
          .register(registry);
  private final Counter internalErrors =
      Counter.builder()
          .name("spl_internal_errors_total")
          .help("Reviews in which a rule failed; answered as --fail-closed says")
          .register(registry);
  private final Gauge cacheSynced =
      Gauge.builder()
          .name("spl_cache_synced")
          .help("1 when the informer cache of a kind has synced, 0 while it has not")
          .labelNames("kind")
          .register(registry);
  private final Gauge cachedObjects =
      Gauge.builder()
          .name("spl_cache_objects")
          .help("Objects in the cluster cache the cross-resource rules compare with")
          .register(registry);
  private final Gauge cacheOverBudget =
      Gauge.builder()
          .name("spl_cache_objects_over_budget")
          .help(
              "Objects left out of the cache for holding more than the per-object budget of what"
                  + " rules read; their neighbours' reviews are judged without them")
          .register(registry);
  private final Gauge cacheStale =
      Gauge.builder()
          .name("spl_cache_stale")
          .help(
              "1 while a kind's watch has been down 30 s or more: reviews use the cluster as last"
                  + " seen (readiness stays up)")
          .labelNames("kind")
          .register(registry);
  private final Gauge watchErrors =
      Gauge.builder()
          .name("spl_cache_watch_errors")
          .help(
              "Errors the cache's list and watch met by kind (expired resourceVersion, closed"
                  + " stream, API server error); each is followed by a retry or a re-list")
          .labelNames("kind")
          .register(registry);
  private final Gauge certificateReloads =
      Gauge.builder()
          .name("spl_tls_certificate_reloads")
          .help("Times the serving certificate was reloaded from its files")
          .register(registry);

  private final Gauge configReloads =
      Gauge.builder()
          .name("spl_config_reloads")
          .help("Times the admission configuration (.spl.yaml) was reloaded after a change")
          .register(registry);
  private final Gauge configReloadFailures =
      Gauge.builder()
          .name("spl_config_reload_failures")
          .help(
              "Changes to the admission configuration that were refused (the last good one stays)")
          .register(registry);
  private final Gauge configCurrent =
      Gauge.builder()
          .name("spl_config_current")
          .help(
              "1 when the configuration file as it is now is in use, 0 when a broken change was refused")
          .register(registry);

  private final Gauge auditViolations =
      Gauge.builder()
          .name("spl_audit_violations")
          .help(
              "Findings on objects in the cluster at the last background audit, by rule and namespace")
          .labelNames("rule", "namespace")
          .register(registry);
  private final Gauge auditLeading =
      Gauge.builder()
          .name("spl_audit_leader")
          .help("1 on the replica that holds the audit Lease and writes the PolicyReports")
          .register(registry);
  private final Gauge auditReportWrites =
      Gauge.builder()
          .name("spl_audit_report_writes")
          .help(
              "PolicyReports written or deleted by this replica (unchanged reports are not written)")
          .register(registry);
  private volatile AuditState audit;

  /** What the gauges show of a background audit. */
  interface AuditState {
    /** Current findings by "rule|namespace". */
    Map<String, Long> violations();

    boolean leading();

    long reportWrites();
  }

  /** Shows the background audit's state at each scrape. */
  void watch(AuditState audit) {
    this.audit = audit;
  }

  /** Label values come from this fixed set only: a request cannot grow the metrics. */
  private static final Set<String> OPERATIONS = Set.of("CREATE", "UPDATE", "DELETE", "CONNECT");

  void recordReview(AdmissionHandler.Outcome o, double seconds) {
    String kind = AdmissionHandler.reviewsKind(o.kind()) ? o.kind() : "other";
    String operation = OPERATIONS.contains(o.operation()) ? o.operation() : "other";
    requests.labelValues(kind, operation, o.verdict(), String.valueOf(o.dryRun())).inc();
    latency.observe(seconds);
    for (Finding f : o.findings()) {
      findings.labelValues(f.ruleId(), f.severity().label()).inc();
    }
    if (o.internalError()) {
      internalErrors.inc();
    }
  }

  void recordInternalError() {
    internalErrors.inc();
  }

  /** The statuses a refusal can have; any other is counted as "other". */
  private static final Set<Integer> REFUSAL_STATUSES = Set.of(400, 408, 413, 429, 503);

  /** A refusal by status; {@link WholeBodyHandler.Refusal#CONNECTION} is "connection". */
  void recordRefused(int status) {
    refused
        .labelValues(
            status == WholeBodyHandler.Refusal.CONNECTION
                ? "connection"
                : REFUSAL_STATUSES.contains(status) ? String.valueOf(status) : "other")
        .inc();
  }

  void recordRefusedForMemory() {
    refusedForMemory.inc();
  }

  void recordInvalid() {
    invalid.inc();
  }

  /** The text exposition, with the cache state read at scrape time. */
  String scrape(ClusterState cluster, int reloads) {
    return scrape(cluster, reloads, AdmissionConfig.none());
  }

  /** The text exposition, with the cache and configuration state read at scrape time. */
  String scrape(ClusterState cluster, int reloads, AdmissionConfig config) {
    AuditState a = audit;
    if (a != null) {
      // rule ids are a fixed set; namespaces are the cluster's own, bounded by it
      auditViolations.clear();
      a.violations()
          .forEach(
              (key, count) -> {
                String[] ruleAndNamespace = key.split("\\|", 2);
                auditViolations.labelValues(ruleAndNamespace[0], ruleAndNamespace[1]).set(count);
              });
      auditLeading.set(a.leading() ? 1 : 0);
      auditReportWrites.set(a.reportWrites());
    }
    configReloads.set(config.reloads());
    configReloadFailures.set(config.failedReloads());
    configCurrent.set(config.reloadProblem().isPresent() ? 0 : 1);
    for (Map.Entry<String, Boolean> e : cluster.syncState().entrySet()) {
      cacheSynced.labelValues(e.getKey()).set(e.getValue() ? 1 : 0);
    }
    cluster.watchErrors().forEach((kind, n) -> watchErrors.labelValues(kind).set(n));
    java.util.Set<String> stale = cluster.stale();
    for (String kind : cluster.syncState().keySet()) {
      cacheStale.labelValues(kind).set(stale.contains(kind) ? 1 : 0);
    }
    cachedObjects.set(cluster.size());
    cacheOverBudget.set(cluster.overBudget());
    certificateReloads.set(reloads);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      PrometheusTextFormatWriter.create().write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  static String contentType() {
    return PrometheusTextFormatWriter.CONTENT_TYPE;
  }
}
