package dev.spl.webhook;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.config.SplConfig;
import dev.spl.model.Finding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Reports what already breaks the rules in the cluster, not only what is admitted from now on:
 * every {@code interval}, and soon after the informers see a change, the leader (one replica,
 * elected with a Lease) lints the whole cache (single-object findings kept per object, plus the
 * cross-resource rules over every cached object) and publishes PolicyReports.
 */
final class BackgroundAudit implements AutoCloseable, WebhookMetrics.AuditState {
  static final String LEASE = "spl-audit";

  /** How soon after a change the audit runs again: changes come in bursts (a rollout, a sync). */
  static final long SETTLE_MILLIS = 5_000;

  private final KubernetesClient client;
  private final InformerClusterState cluster;
  private final ObjectFindings objectFindings;
  private final Engine engine;
  private final LintOptions options;
  private final Supplier<SplConfig> config;
  private final PolicyReports reports;
  private final JsonLog log;
  private final String namespace;
  private final String identity;
  private final Duration interval;
  private final ScheduledExecutorService runs =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "spl-audit");
            t.setDaemon(true);
            return t;
          });
  private volatile boolean leading;
  private volatile Map<String, Long> violations = Map.of();
  private long auditedAt = -1; // ObjectFindings.changes() at the last run
  private long lastRunNanos;
  private CompletableFuture<?> election;
  private volatile boolean closed;
  private final Object electionLock = new Object();
  private final java.util.concurrent.atomic.AtomicLong campaigns =
      new java.util.concurrent.atomic.AtomicLong();

  /** How soon a replica campaigns again after its election ended. */
  static final long RECAMPAIGN_MILLIS = 2_000;

  private String lastProblem;

  BackgroundAudit(
      KubernetesClient client,
      InformerClusterState cluster,
      ObjectFindings objectFindings,
      Engine engine,
      LintOptions options,
      Supplier<SplConfig> config,
      JsonLog log,
      String namespace,
      String identity,
      Duration interval) {
    this.client = client;
    this.cluster = cluster;
    this.objectFindings = objectFindings;
    this.engine = engine;
    this.options = options;
    this.config = config;
    this.reports = new PolicyReports(client);
    this.log = log;
    this.namespace = namespace;
    this.identity = identity;
    this.interval = interval;
  }

  /** Campaigns for the Lease; the leader audits, the others wait. */
  BackgroundAudit start() {
    campaign();
    runs.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
    return this;
  }

  /**
   * One campaign for the Lease. fabric8's elector ends for good when it loses the Lease or cannot
   * reach the API server (two outages of 25 s left no replica leading, issue 51), so each that ends
   * is followed by another, until the audit closes.
   */
  private void campaign() {
    synchronized (electionLock) {
      if (!closed) {
        startElection();
      }
    }
  }

  private void startElection() {
    LeaderElector elector =
        client
            .leaderElector()
            .withConfig(
                new LeaderElectionConfigBuilder()
                    .withName(LEASE)
                    .withLock(new LeaseLock(namespace, LEASE, identity))
                    .withLeaseDuration(Duration.ofSeconds(15))
                    .withRenewDeadline(Duration.ofSeconds(10))
                    .withRetryPeriod(Duration.ofSeconds(2))
                    .withReleaseOnCancel(true)
                    .withLeaderCallbacks(
                        new LeaderCallbacks(
                            () -> {
                              leading = true;
                              reports.forget();
                              log.info("background audit: leading", "identity", identity);
                            },
                            () -> {
                              leading = false;
                              log.info("background audit: not leading", "identity", identity);
                            },
                            leader -> log.debug("background audit leader", "identity", leader)))
                    .build())
            .build();
    election = elector.start();
    election.whenComplete(
        (done, error) -> {
          leading = false;
          if (!closed) {
            campaigns.incrementAndGet();
            log.warn(
                "background audit: election ended; campaigning again",
                "inMs",
                RECAMPAIGN_MILLIS,
                "reason",
                error == null ? "leadership lost" : String.valueOf(error.getMessage()));
            runs.schedule(this::campaign, RECAMPAIGN_MILLIS, TimeUnit.MILLISECONDS);
          }
        });
  }

  /** Campaigns started again after one ended (tests). */
  long recampaigns() {
    return campaigns.get();
  }

  /** Runs when leading and the cache is synced, if the interval passed or something changed. */
  private void tick() {
    try {
      if (!leading || !cluster.isSynced()) {
        return;
      }
      long now = System.nanoTime();
      boolean due = auditedAt < 0 || now - lastRunNanos >= interval.toNanos();
      boolean changed =
          objectFindings.changes() != auditedAt
              && now - lastRunNanos >= TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
      if (due || changed) {
        runOnce();
      }
    } catch (RuntimeException e) {
      // e.g. the PolicyReport CRDs are not installed: try again at the next interval, and say so
      // once per distinct problem, not every second.
      auditedAt = objectFindings.changes();
      lastRunNanos = System.nanoTime();
      String why = String.valueOf(e.getMessage()).split("\n", 2)[0];
      if (!why.equals(lastProblem)) {
        lastProblem = why;
        log.error("background audit failed; trying again at the next interval", "error", why);
      }
    }
  }

  /** A problem on one object: the key of the audit's one result per problem. */
  private record ObjectFinding(dev.spl.model.ResourceRef resource, Finding.Identity identity) {}

  /** One audit of the whole cache; returns the reports written or deleted. */
  synchronized int runOnce() {
    long changesSeen = objectFindings.changes();
    LintOptions judged = config.get().applyTo(options); // judged as the webhook judges
    List<Finding> all = new ArrayList<>(objectFindings.all(judged.judgement()));
    Engine.LintRun run = engine.start(judged.withIngressClasses(cluster.ingressClasses()));
    run.acceptKept(cluster.all());
    LintResult crossResource = run.finish(0, 0);
    all.addAll(crossResource.findings());
    // One result per rule, object, field and message: the per-object lint already saw the
    // intra-object cross-resource rules.
    Map<ObjectFinding, Finding> unique = new LinkedHashMap<>();
    for (Finding f : all) {
      unique.putIfAbsent(new ObjectFinding(f.resource(), f.identity()), f);
    }
    List<Finding> findings = List.copyOf(unique.values());
    PolicyReports.Published published = reports.publish(findings);
    int written = published.changed();
    published
        .failed()
        .forEach(
            (ns, why) ->
                log.error(
                    "background audit: report not written; trying again at the next run",
                    "namespace",
                    ns.isEmpty() ? "(cluster)" : ns,
                    "error",
                    why));
    Map<String, Long> counts = new LinkedHashMap<>();
    for (Finding f : findings) {
      if (f.resource() != null) {
        counts.merge(f.ruleId() + "|" + f.resource().namespace(), 1L, Long::sum);
      }
    }
    violations = counts;
    auditedAt = changesSeen;
    lastRunNanos = System.nanoTime();
    log.info("background audit", "findings", findings.size(), "reportsWritten", written);
    return written;
  }

  @Override
  public boolean leading() {
    return leading;
  }

  @Override
  public Map<String, Long> violations() {
    return violations;
  }

  @Override
  public long reportWrites() {
    return reports.writes();
  }

  @Override
  public void close() {
    synchronized (electionLock) {
      closed = true;
      if (election != null) {
        election.cancel(true);
      }
    }
    runs.shutdownNow();
  }
}
