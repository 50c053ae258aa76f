package dev.spl.webhook;

import dev.spl.index.LiveIndex;
import dev.spl.index.ObjectKey;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.KindCatalogue;
import dev.spl.model.Resource;
import dev.spl.schema.GatewayApiVersion;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The cluster as the cross-resource rules need it, kept by fabric8 informers (list once, then
 * watch): no API call per admission request. Each object is parsed once, when it changes, as the
 * informer stores it ({@link MetadataOnlyStore.Changes}). A kind whose CRD is missing (no
 * experimental channel) is skipped and reported, not fatal.
 */
final class InformerClusterState implements ClusterState, AutoCloseable {

  /** A kind spl watches: one of the engine's {@link KindCatalogue}. */
  record Kind(KindCatalogue.Kind of) {
    ResourceDefinitionContext context() {
      return new ResourceDefinitionContext.Builder()
          .withGroup(of.group())
          .withVersion(of.version())
          .withKind(of.kind())
          .withPlural(of.plural())
          .withNamespaced(of.namespaced())
          .build();
    }

    String label() {
      return of.label();
    }

    String group() {
      return of.group();
    }

    String version() {
      return of.version();
    }

    String kind() {
      return of.kind();
    }
  }

  static final List<Kind> KINDS =
      dev.spl.catalogue.BuiltInRules.watchedKinds().stream().map(Kind::new).toList();

  static final long LIST_PAGE = 500;
  static final long FIRST_RETRY_MILLIS = 1_000;
  static final long MAX_RETRY_MILLIS = 60_000;
  static final long CRD_RECHECK_MILLIS = 60_000;
  static final long WATCH_LOST_MILLIS = 30_000;

  private final KubernetesClient client;
  private final JsonLog log;
  private final LiveIndex objects;
  // skip() removes entries from fabric8's threads while requests read them
  private final Map<String, SharedIndexInformer<GenericKubernetesResource>> informers =
      new ConcurrentHashMap<>();
  private final Map<String, String> skipped = new ConcurrentHashMap<>();
  // kinds that could not be listed for another reason than a missing CRD: not ready until they are
  private final Map<String, String> failing = new ConcurrentHashMap<>();
  private final ScheduledExecutorService retries =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "spl-informer-retry");
            t.setDaemon(true);
            return t;
          });
  private volatile boolean closed;
  private final Map<String, Long> notWatchingSince = new ConcurrentHashMap<>();
  private volatile java.util.Set<String> lastStale = java.util.Set.of();
  private final Map<String, java.util.concurrent.atomic.AtomicLong> watchErrors =
      new ConcurrentHashMap<>();
  private final java.util.Set<String> optional = ConcurrentHashMap.newKeySet();

  private final Projection projection;

  InformerClusterState(KubernetesClient client, JsonLog log, GatewayApiVersion version) {
    this.client = client;
    this.log = log;
    this.objects = new LiveIndex(version, dev.spl.catalogue.BuiltInRules.indexInputs(), BUDGET);
    this.projection = new Projection(objects, client.getKubernetesSerialization(), log);
  }

  /** Keeps each object's single-object findings up to date too, for the background audit. */
  InformerClusterState keepingFindings(ObjectFindings findings) {
    projection.findings = findings;
    return this;
  }

  /** Every cached object, projected: the background audit's cross-resource input. */
  List<LiveIndex.Entry> all() {
    return objects.all();
  }

  /**
   * What this state keeps of the cluster: spl's index and each informer's store and indexes; where
   * the heap per cached object is measured (ScaleBench, CachedObjectSizeTest).
   */
  List<Object> keptState() {
    List<Object> kept = new java.util.ArrayList<>(List.of(objects));
    informers.values().forEach(i -> kept.add(i.getIndexer()));
    return kept;
  }

  /** Starts every informer; returns at once, readiness reports the sync. */
  InformerClusterState start() {
    for (Kind kind : KINDS) {
      watch(kind, FIRST_RETRY_MILLIS);
    }
    return this;
  }

  /**
   * Starts watching {@code kind}. A kind whose CRD is missing (404) is skipped, not fatal, and
   * looked for again every minute, so CRDs installed later are picked up. Any other failure (a
   * transient 403, an API server restart) keeps readiness at 503 and is retried with backoff.
   */
  private void watch(Kind kind, long retryMillis) {
    try {
      SharedIndexInformer<GenericKubernetesResource> informer =
          client
              .genericKubernetesResources(kind.context())
              .inAnyNamespace()
              .withLimit(LIST_PAGE) // a big cluster's list comes in pages, not one huge body
              .runnableInformer(0);
      // No event handler: fabric8 queues an event per object for handlers without bound, so while
      // a big cluster was listed its full objects piled up faster than they were parsed (~10 MiB
      // more heap at the sync's peak for 10,000 objects, kept committed afterwards). Parsed as the
      // store takes them, the next page is not read before this one is projected.
      informer.itemStore(new MetadataOnlyStore(projection.of(kind)));
      // fabric8 indexes every object by namespace (a map entry each); nothing here looks one up
      informer.removeNamespaceIndex();
      informer.exceptionHandler((started, error) -> retryAfter(kind, started, error));
      informers.put(kind.label(), informer);
      informer
          .start()
          .whenComplete(
              (ok, error) -> {
                if (error != null) {
                  failed(kind, error, retryMillis);
                } else {
                  failing.remove(kind.label());
                  skipped.remove(kind.label());
                  log.info("cache synced", "kind", kind.label());
                }
              });
    } catch (RuntimeException e) {
      failed(kind, e, retryMillis);
    }
  }

  /**
   * An error of a kind's list or watch, counted and logged. A started informer always tries again:
   * fabric8 then lists from scratch after its backoff (its own default stops the informer for good
   * on any watch error but a 410, which left the cache blind with readiness going down only 30 s
   * later). One that never synced gives up, so that {@link #failed} retries it with backoff.
   */
  private boolean retryAfter(Kind kind, boolean started, Throwable error) {
    watchErrors
        .computeIfAbsent(kind.label(), k -> new java.util.concurrent.atomic.AtomicLong())
        .incrementAndGet();
    log.warn(
        started ? "watch error; retrying" : "list error",
        "kind",
        kind.label(),
        "reason",
        String.valueOf(error.getMessage()).split("\n", 2)[0]);
    return started;
  }

  @Override
  public Map<String, Long> watchErrors() {
    Map<String, Long> out = new java.util.TreeMap<>();
    watchErrors.forEach((kind, n) -> out.put(kind, n.get()));
    return out;
  }

  private void failed(Kind kind, Throwable error, long retryMillis) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    SharedIndexInformer<GenericKubernetesResource> informer = informers.remove(kind.label());
    if (informer != null) {
      informer.stop();
    }
    if (closed) {
      return;
    }
    String why = String.valueOf(cause.getMessage()).split("\n", 2)[0];
    boolean missing = cause instanceof KubernetesClientException k && k.getCode() == 404;
    if (missing) {
      failing.remove(kind.label());
      if (skipped.put(kind.label(), why) == null) {
        log.warn(
            "kind not watched (no CRD); its cross-resource checks are off until it is installed",
            "kind",
            kind.label());
      }
      retries.schedule(
          () -> watch(kind, FIRST_RETRY_MILLIS), CRD_RECHECK_MILLIS, TimeUnit.MILLISECONDS);
      return;
    }
    failing.put(kind.label(), why);
    log.warn(
        "cannot watch kind; retrying", "kind", kind.label(), "inMs", retryMillis, "reason", why);
    retries.schedule(
        () -> watch(kind, Math.min(retryMillis * 2, MAX_RETRY_MILLIS)),
        retryMillis,
        TimeUnit.MILLISECONDS);
  }

  /**
   * What a change to an informer's store means to spl: the object projected into the index, and its
   * single-object findings kept for the background audit. A class apart from the state, so that the
   * stores reach the cache and not the client (CachedObjectSizeTest weighs what they reach).
   */
  private static final class Projection {
    private final LiveIndex objects;
    private final KubernetesSerialization json;
    private final JsonLog log;
    private volatile ObjectFindings findings; // the background audit's, when it runs

    Projection(LiveIndex objects, KubernetesSerialization json, JsonLog log) {
      this.objects = objects;
      this.json = json;
      this.log = log;
    }

    MetadataOnlyStore.Changes of(Kind kind) {
      return new MetadataOnlyStore.Changes() {
        @Override
        public void put(GenericKubernetesResource obj) {
          projecting(
              kind,
              obj,
              r -> {
                if (!objects.putWithinBudget(r)) {
                  log.warn(
                      "cached object over budget: left out of the cache",
                      "object",
                      key(kind, obj),
                      "budget",
                      String.valueOf(BUDGET));
                }
                ObjectFindings f = findings;
                if (f != null) {
                  f.update(r);
                }
              });
        }

        @Override
        public void removed(GenericKubernetesResource stub) {
          projecting(
              kind,
              stub,
              r -> {
                objects.remove(ObjectKey.of(r));
                ObjectFindings f = findings;
                if (f != null) {
                  f.remove(r);
                }
              });
        }
      };
    }

    /**
     * Runs {@code apply} on the projection of {@code obj}. This runs on the informer's own thread,
     * inside its store: a failure is logged and the informer goes on, as fabric8 does for a
     * handler.
     */
    private void projecting(Kind kind, GenericKubernetesResource obj, Consumer<Resource> apply) {
      try {
        parse(kind, obj).ifPresent(apply);
      } catch (RuntimeException e) {
        log.warn(
            "cached object not indexed", "object", key(kind, obj), "reason", String.valueOf(e));
      }
    }

    private Optional<Resource> parse(Kind kind, GenericKubernetesResource obj) {
      // The API server leaves apiVersion and kind out of the items of a list.
      if (obj.getKind() == null) {
        obj.setKind(kind.kind());
      }
      if (obj.getApiVersion() == null) {
        obj.setApiVersion(
            kind.group().isEmpty() ? kind.version() : kind.group() + "/" + kind.version());
      }
      Map<?, ?> plain = json.convertValue(obj, Map.class);
      // One file name for every cached object: findings name them by kind, namespace and name.
      LoadedInput parsed = new ManifestLoader().loadTree("cluster", plain);
      return parsed.resources().size() == 1
          ? Optional.of(parsed.resources().get(0))
          : Optional.empty();
    }
  }

  private static String key(Kind kind, GenericKubernetesResource obj) {
    return kind.label()
        + "/"
        + obj.getMetadata().getNamespace()
        + "/"
        + obj.getMetadata().getName();
  }

  @Override
  public List<LiveIndex.Entry> neighbours(Resource reviewed) {
    return objects.neighbours(reviewed);
  }

  @Override
  public dev.spl.index.IngressClasses ingressClasses() {
    return objects.ingressClasses();
  }

  @Override
  public int size() {
    return objects.size();
  }

  @Override
  public int overBudget() {
    return objects.overBudget();
  }

  /**
   * What the cache may hold of what the rules read, in {@link dev.spl.index.IndexFields#costOf}
   * units (about two bytes of heap): per object 64 Ki (a hundred times a large real route's), per
   * namespace 16 Mi (some 20,000 realistic objects, which cost some 600 each), in all 24 Mi (some
   * 48 MiB of the chart's 128 MiB heap, the rest left to reviews). Beyond it an object is left out
   * of the cache, logged and counted: 75 Deployments with 870 KB of pod-template labels each filled
   * the heap and crashed every replica. Each can be set with a system property (the chart's
   * javaOpts).
   */
  static final LiveIndex.Budget BUDGET =
      new LiveIndex.Budget(
          Long.getLong("spl.webhook.cache.perObject", 64L * 1024),
          Long.getLong("spl.webhook.cache.perNamespace", 16L * 1024 * 1024),
          Long.getLong("spl.webhook.cache.total", 24L * 1024 * 1024));

  /**
   * Each watched kind and whether its cache has synced. A watch that is down does not make a kind
   * unready: the cache then holds the cluster as last seen (stale, see {@link #stale}), which
   * reviews go on using. When the API server is gone for a while every replica loses its watches at
   * once; turning them all unready would leave the Service without endpoints, and under
   * failurePolicy Fail the API server could admit nothing it reviews, on its return too, until the
   * watches are back. Unready means gone: never synced, or a kind that cannot be listed. Kinds the
   * admin marked optional never hold readiness back.
   */
  @Override
  public Map<String, Boolean> syncState() {
    Map<String, Boolean> state = new LinkedHashMap<>();
    informers.forEach((kind, informer) -> state.put(kind, informer.hasSynced()));
    failing.keySet().forEach(kind -> state.put(kind, false));
    optional.forEach(kind -> state.replace(kind, true));
    stale(); // logs a change of staleness, as readiness probes come
    return state;
  }

  /**
   * Kinds whose watch has been down {@value #WATCH_LOST_MILLIS} ms or more (the API server gone, a
   * network partition): their cache is the cluster as last seen. Logged when it changes, shown in
   * {@code spl_cache_stale}.
   */
  @Override
  public java.util.Set<String> stale() {
    long now = System.nanoTime();
    java.util.Set<String> stale = new java.util.TreeSet<>();
    informers.forEach(
        (kind, informer) -> {
          if (informer.isWatching()) {
            notWatchingSince.remove(kind);
          } else if (informer.hasSynced()) {
            long since = notWatchingSince.computeIfAbsent(kind, k -> now);
            if (now - since >= TimeUnit.MILLISECONDS.toNanos(WATCH_LOST_MILLIS)) {
              stale.add(kind);
            }
          }
        });
    java.util.Set<String> before = lastStale;
    if (!stale.equals(before)) {
      lastStale = stale;
      if (stale.isEmpty()) {
        log.info("cache current again: every watch is back");
      } else {
        log.warn(
            "cache stale: watches down for "
                + WATCH_LOST_MILLIS / 1000
                + " s; reviews use the cluster as last seen",
            "kinds",
            List.copyOf(stale));
      }
    }
    return stale;
  }

  /** Kinds (group/Kind labels) whose trouble does not make the webhook unready. */
  InformerClusterState optional(java.util.Collection<String> kinds) {
    optional.addAll(kinds);
    return this;
  }

  @Override
  public Map<String, String> skipped() {
    return skipped;
  }

  @Override
  public void close() {
    closed = true;
    retries.shutdownNow();
    informers.values().forEach(SharedIndexInformer::stop);
  }
}
