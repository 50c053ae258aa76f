package dev.spl.webhook;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.RuleSelection;
import dev.spl.schema.GatewayApiVersion;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * The webhook's cost per review as the cluster grows: a stand-in API server on loopback serves N
 * objects (half Services, half routes) to the webhook's informers, which list and watch it; reviews
 * go over HTTPS with the JDK client. Prints the median and p99 of one review of a route and of an
 * unrelated Service at each N, and the heap the cluster state takes. Run with
 * bench/webhook/scale.sh.
 */
public final class ScaleBench {
  private static final int WARMUP = 100;
  private static final int REVIEWS = 300;

  /**
   * One row of the table: {@code N} objects, or {@code one-hostname} for 3,000 routes on one
   * hostname with one cookie name. One size per JVM, so that no run's garbage is counted in
   * another's heap (bench/webhook/scale.sh runs them in turn).
   */
  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("serve")) {
      serve(args[1], Path.of(args[2]));
      return;
    }
    boolean oneHostname = args.length > 0 && args[0].equals("one-hostname");
    // mix-v1.6:N, mix-main:N: the routes a shared ingress Gateway carries (issue 31)
    Mix mix =
        args.length > 0 && args[0].startsWith("mix-")
            ? new Mix(
                GatewayApiVersion.parse(args[0].substring(4, args[0].indexOf(':'))),
                Integer.parseInt(args[0].substring(args[0].indexOf(':') + 1)))
            : null;
    int n =
        mix != null
            ? mix.objects()
            : oneHostname ? 3_000 : args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
    // A first, unprinted round warms the JIT, so no row is measured on a cold JVM.
    run(1_000, false, mix == null ? null : new Mix(mix.version(), 1_000), false);
    run(n, oneHostname, mix, true);
  }

  /**
   * {@code serve mix-v1.6:N KUBECONFIG}: only the stand-in API server with the mix of N objects,
   * and a kubeconfig naming it, until killed; bench/webhook/load.sh soaks the packaged webhook
   * against it, so the webhook's RSS is measured with a filled cache and nothing else in its JVM.
   */
  private static void serve(String spec, Path kubeconfig) throws Exception {
    Mix mix =
        new Mix(
            GatewayApiVersion.parse(spec.substring(4, spec.indexOf(':'))),
            Integer.parseInt(spec.substring(spec.indexOf(':') + 1)));
    try (StandInApiServer api = new StandInApiServer(mix.routes(), mix.services(), false, mix)) {
      Files.writeString(
          kubeconfig,
          """
          apiVersion: v1
          kind: Config
          clusters: [{name: stand-in, cluster: {server: "%s"}}]
          users: [{name: bench, user: {}}]
          contexts: [{name: bench, context: {cluster: stand-in, user: bench, namespace: shop}}]
          current-context: bench
          """
              .formatted(api.url()));
      System.out.println("serving " + mix.objects() + " objects at " + api.url());
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  /**
   * The realistic mix: half the objects Services, half routes, each route on its own hostname and
   * all on one listener, one in five with cookie persistence under a name of its own (inline in
   * v1.x; through a Backend of its own on main, which then counts among the objects).
   */
  record Mix(GatewayApiVersion version, int objects) {
    boolean onMain() {
      return version == GatewayApiVersion.MAIN;
    }

    int routes() {
      return objects / 2;
    }

    boolean sticky(int route) {
      return route % 5 == 0;
    }

    int backends() {
      return onMain() ? (routes() + 4) / 5 + 2 : 0; // and the probe's and the joining route's
    }

    int services() {
      return objects - routes() - backends();
    }
  }

  private static void run(int n, boolean oneHostname, Mix mix, boolean print) throws Exception {
    int routes = mix != null ? mix.routes() : oneHostname ? n : n / 2;
    int services = mix != null ? mix.services() : oneHostname ? 0 : n - n / 2;
    GatewayApiVersion version = mix != null ? mix.version() : GatewayApiVersion.V1_6;
    Path dir = Files.createTempDirectory("spl-scale");
    try (StandInApiServer api = new StandInApiServer(routes, services, oneHostname, mix);
        KubernetesClient client =
            new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder().withMasterUrl(api.url()).build())
                .build()) {
      long before = usedHeapAfterGc();
      Map<String, long[]> histogramBefore =
          System.getProperty("spl.bench.histogram") != null ? histogram() : null;
      PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
      InformerClusterState state =
          new InformerClusterState(client, new JsonLog(quiet), version).start();
      long deadline = System.nanoTime() + 600_000_000_000L;
      int objects = routes + services + (mix == null ? 0 : mix.backends());
      while (!(state.isSynced() && state.size() >= objects + 1)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("informers did not sync: " + state.size());
        }
        Thread.sleep(50);
      }
      long cacheBytes = usedHeapAfterGc() - before;
      // What the cache keeps, object by object: exact, where the heap's growth also counts
      // connections' buffers and the JIT's data, which vary by megabytes from run to run. JOL keeps
      // a record per object it walks: past 20,000 objects that does not fit the 192 MiB heap.
      long keptBytes = -1;
      if (n <= 20_000) {
        org.openjdk.jol.info.GraphLayout kept =
            org.openjdk.jol.info.GraphLayout.parseInstance(state.keptState().toArray());
        keptBytes = kept.totalSize();
        if (print && Boolean.getBoolean("spl.bench.footprint")) {
          System.err.println(kept.toFootprint()); // by class: where a cached object's bytes go
        }
      }
      String dump = System.getProperty("spl.bench.heapdump");
      if (dump != null && print) {
        // for reading offline which objects a cached resource keeps
        // (bench/webhook/hprof_strings.py)
        java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class)
            .dumpHeap(dump, true);
      }
      if (System.getProperty("spl.bench.histogram") != null) {
        printHistogramGrowth(n, histogramBefore, Integer.getInteger("spl.bench.histogram", 25));
      }
      Path cert = dir.resolve("tls.crt");
      Path key = dir.resolve("tls.key");
      var certificate = TestCertificates.write(cert, key, "localhost", false);
      LintOptions options = new LintOptions(version, RuleSelection.all());
      try (WebhookServer server =
          new WebhookServer(
                  new WebhookServer.Settings("127.0.0.1", 0, cert, key, 15_000, 1_000, 1_000),
                  new AdmissionHandler(new Engine(), options, state, false),
                  state,
                  new WebhookMetrics(),
                  new JsonLog(quiet),
                  () -> true)
              .start()) {
        HttpClient http =
            HttpClient.newBuilder().sslContext(TestCertificates.trusting(certificate)).build();
        URI uri = URI.create("https://localhost:" + server.port() + "/validate");
        // In the mix, a new sticky route of its own hostname and session name (on main through a
        // cached Backend of its own)
        String routeReview =
            Reviews.review(
                "u-route",
                "CREATE",
                "gateway.networking.k8s.io",
                "HTTPRoute",
                "shop",
                mix != null
                    ? mixRoute("probe", "probe.example.com", mix, 0, "probe", "b-probe")
                    : route(
                        "probe", oneHostname ? "shop.example.com" : "probe.example.com", "svc-0"));
        String serviceReview =
            Reviews.review(
                "u-svc",
                "CREATE",
                "",
                "Service",
                "shop",
                "{\"apiVersion\": \"v1\", \"kind\": \"Service\", \"metadata\": {\"name\": \"probe-svc\"},"
                    + " \"spec\": {\"selector\": {\"app\": \"probe\"}}}");
        String routeTimes = measure(http, uri, routeReview);
        String joined = "-";
        if (mix != null) {
          // A route joining an existing session name on the listener is still warned.
          String joining =
              Reviews.review(
                  "u-join",
                  "CREATE",
                  "gateway.networking.k8s.io",
                  "HTTPRoute",
                  "shop",
                  mixRoute("joining", "r-0.example.com", mix, 0, "s-0", "b-join"));
          joined = send(http, uri, joining).contains("SPL103") ? "SPL103" : "NOT WARNED";
        }
        String serviceTimes = oneHostname ? "-" : measure(http, uri, serviceReview);
        if (print) {
          System.out.printf(
              "| %s | %s | %s | %s; heap grew %.1f MiB | %s |%n",
              mix != null
                  ? n + " objects, " + mix.version() + " mix"
                  : oneHostname ? n + " routes, one hostname and cookie name" : n + " objects",
              routeTimes,
              serviceTimes,
              keptBytes < 0
                  ? "-"
                  : "%.1f MiB (%d B per object)"
                      .formatted(keptBytes / 1048576.0, keptBytes / Math.max(1, n)),
              cacheBytes / 1048576.0,
              joined);
        }
      }
      state.close();
    }
  }

  /**
   * A stand-in for the API server's list and watch of the kinds spl watches: every list answers the
   * objects made up front at once, every watch stays open and quiet, unknown kinds are 404.
   * fabric8's CRUD mock server was the first choice, but each create scans every stored object, so
   * filling it with 50,000 takes hours.
   */
  static final class StandInApiServer implements AutoCloseable {
    private final com.sun.net.httpserver.HttpServer http;
    private final java.util.Map<String, List<String>> lists = new HashMap<>();
    private final java.util.Map<String, String[]> listKinds = new HashMap<>();

    StandInApiServer(int routes, int services, boolean oneHostname, Mix mix) throws Exception {
      List<String> routeItems = new ArrayList<>();
      List<String> backendItems = new ArrayList<>();
      for (int i = 0; i < routes; i++) {
        if (mix != null) {
          routeItems.add(
              mixRoute("r-" + i, "r-" + i + ".example.com", mix, i, "s-" + i, "b-s-" + i));
          if (mix.onMain() && mix.sticky(i)) {
            backendItems.add(backend("b-s-" + i, "s-" + i));
          }
          continue;
        }
        routeItems.add(
            route(
                "r-" + i,
                oneHostname ? "shop.example.com" : "r-" + i + ".example.com",
                "svc-" + i));
      }
      List<String> serviceItems = new ArrayList<>();
      for (int i = 0; i < services; i++) {
        serviceItems.add(
            ("{\"apiVersion\": \"v1\", \"kind\": \"Service\", \"metadata\": {\"name\":"
                    + " \"svc-%d\", \"namespace\": \"shop\", \"resourceVersion\": \"1\","
                    + " \"labels\": {\"app.kubernetes.io/name\": \"svc-%d\","
                    + " \"app.kubernetes.io/part-of\": \"shop\"}}, \"spec\": {\"selector\":"
                    + " {\"app.kubernetes.io/name\": \"svc-%d\"}, \"ports\": [{\"name\": \"http\","
                    + " \"port\": 8080}]}}")
                .formatted(i, i, i));
      }
      String gateway =
          "{\"apiVersion\": \"gateway.networking.k8s.io/v1\", \"kind\": \"Gateway\","
              + " \"metadata\": {\"name\": \"public\", \"namespace\": \"shop\","
              + " \"resourceVersion\": \"1\"}, \"spec\": {\"gatewayClassName\": \"eg\","
              + " \"listeners\": [{\"name\": \"web\", \"port\": 80, \"protocol\": \"HTTP\"}]}}";
      String group = "/apis/gateway.networking.k8s.io/v1/";
      serve("/api/v1/services", "v1", "ServiceList", serviceItems);
      serve(group + "httproutes", "gateway.networking.k8s.io/v1", "HTTPRouteList", routeItems);
      serve(group + "gateways", "gateway.networking.k8s.io/v1", "GatewayList", List.of(gateway));
      for (String empty : List.of("grpcroutes", "gatewayclasses")) {
        serve(group + empty, "gateway.networking.k8s.io/v1", "List", List.of());
      }
      if (mix != null && mix.onMain()) {
        backendItems.add(backend("b-probe", "probe")); // the probe route's own
        backendItems.add(backend("b-join", "s-0")); // another Backend with r-0's cookie name
        serve(
            "/apis/gateway.networking.x-k8s.io/v1alpha1/backends",
            "gateway.networking.x-k8s.io/v1alpha1",
            "BackendList",
            backendItems);
      }
      http =
          com.sun.net.httpserver.HttpServer.create(
              new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      http.setExecutor(Executors.newCachedThreadPool());
      http.createContext(
          "/",
          exchange -> {
            String query = String.valueOf(exchange.getRequestURI().getQuery());
            String path = exchange.getRequestURI().getPath();
            byte[] body = lists.containsKey(path) ? page(path, query) : null;
            if (body == null) {
              exchange.sendResponseHeaders(404, -1);
              exchange.close();
            } else if (query.contains("watch=true")) {
              exchange.getResponseHeaders().add("Content-Type", "application/json");
              exchange.sendResponseHeaders(200, 0);
              try {
                Thread.sleep(3_600_000); // a watch with nothing to say
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              exchange.close();
            } else {
              exchange.getResponseHeaders().add("Content-Type", "application/json");
              exchange.sendResponseHeaders(200, body.length);
              exchange.getResponseBody().write(body);
              exchange.close();
            }
          });
      http.start();
    }

    private void serve(String path, String apiVersion, String kind, List<String> items) {
      lists.put(path, items.stream().map(StandInApiServer::asStored).toList());
      listKinds.put(path, new String[] {apiVersion, kind});
    }

    private static final java.util.concurrent.atomic.AtomicLong WRITES =
        new java.util.concurrent.atomic.AtomicLong(48_213_007);

    /**
     * The object as the API server stores it: with a uid (a UUID) and a resourceVersion of its own
     * (a large decimal, as etcd's revisions are), which the informers keep for every object.
     */
    private static String asStored(String item) {
      long revision = WRITES.incrementAndGet();
      return item.replaceFirst(
          "\"resourceVersion\": \"1\"",
          "\"resourceVersion\": \""
              + revision
              + "\", \"uid\": \""
              + java.util.UUID.nameUUIDFromBytes(Long.toString(revision).getBytes())
              + "\"");
    }

    /** One page of a list, as the API server pages with limit and continue. */
    private byte[] page(String path, String query) {
      List<String> items = lists.get(path);
      int from = 0;
      int limit = items.size();
      for (String param : query.split("&")) {
        if (param.startsWith("continue=")) {
          from = Integer.parseInt(param.substring(9));
        } else if (param.startsWith("limit=")) {
          limit = Integer.parseInt(param.substring(6));
        }
      }
      int to = Math.min(items.size(), from + limit);
      String next = to < items.size() ? ", \"continue\": \"" + to + "\"" : "";
      String[] k = listKinds.get(path);
      return ("{\"apiVersion\": \""
              + k[0]
              + "\", \"kind\": \""
              + k[1]
              + "\","
              + " \"metadata\": {\"resourceVersion\": \"1\""
              + next
              + "}, \"items\": ["
              + String.join(",", items.subList(from, to))
              + "]}")
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    String url() {
      return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    @Override
    public void close() {
      http.stop(0);
      ((java.util.concurrent.ExecutorService) http.getExecutor()).shutdownNow();
    }
  }

  private static String send(HttpClient http, URI uri, String body) throws Exception {
    return http.send(
            HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /**
   * A route of the mix on listener web: sticky ones under {@code session} (inline on v1.x; on main
   * through the cached Backend {@code backend}), others plain.
   */
  static String mixRoute(String name, String host, Mix mix, int i, String session, String backend) {
    String backendRef = "{\"name\": \"svc-" + i + "\", \"port\": 8080}";
    String persistence = "";
    if (mix.sticky(i) && mix.onMain()) {
      backendRef =
          "{\"group\": \"gateway.networking.x-k8s.io\", \"kind\": \"Backend\", \"name\": \""
              + backend
              + "\"}";
    } else if (mix.sticky(i)) {
      persistence =
          ", \"sessionPersistence\": {\"sessionName\": \"" + session + "\", \"type\": \"Cookie\"}";
    }
    return ("{\"apiVersion\": \"gateway.networking.k8s.io/v1\", \"kind\": \"HTTPRoute\","
            + " \"metadata\": {\"name\": \"%s\", \"namespace\": \"shop\", \"resourceVersion\": \"1\"},"
            + " \"spec\": {\"parentRefs\": [{\"name\": \"public\", \"sectionName\": \"web\"}],"
            + " \"hostnames\": [\"%s\"], \"rules\": [{\"backendRefs\": [%s]%s}]}}")
        .formatted(name, host, backendRef, persistence);
  }

  /** A main-branch Backend with cookie persistence named {@code cookie}. */
  static String backend(String name, String cookie) {
    return ("{\"apiVersion\": \"gateway.networking.x-k8s.io/v1alpha1\", \"kind\": \"Backend\","
            + " \"metadata\": {\"name\": \"%s\", \"namespace\": \"shop\", \"resourceVersion\": \"1\"},"
            + " \"spec\": {\"type\": \"EndpointSelector\", \"endpointSelector\": {\"selector\":"
            + " {\"matchLabels\": {\"app\": \"%s\"}}, \"sessionPersistence\": {\"cookie\":"
            + " {\"name\": \"%s\"}}}}}")
        .formatted(name, name, cookie);
  }

  private static String measure(HttpClient http, URI uri, String body) throws Exception {
    List<Double> millis = new ArrayList<>();
    for (int i = 0; i < WARMUP + REVIEWS; i++) {
      long start = System.nanoTime();
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(uri)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new IllegalStateException("review failed: " + r.statusCode() + " " + r.body());
      }
      if (i >= WARMUP) {
        millis.add((System.nanoTime() - start) / 1e6);
      }
    }
    Collections.sort(millis);
    return String.format(
        "%.2f ms / %.2f ms",
        millis.get(millis.size() / 2), millis.get((int) Math.ceil(millis.size() * 0.99) - 1));
  }

  private static String route(String name, String host, String service) {
    return ("{\"apiVersion\": \"gateway.networking.k8s.io/v1\", \"kind\": \"HTTPRoute\","
            + " \"metadata\": {\"name\": \"%s\", \"namespace\": \"shop\", \"resourceVersion\": \"1\"},"
            + " \"spec\": {\"parentRefs\": [{\"name\": \"public\"}], \"hostnames\": [\"%s\"],"
            + " \"rules\": [{\"backendRefs\": [{\"name\": \"%s\", \"port\": 8080}],"
            + " \"sessionPersistence\": {\"sessionName\": \"shop\"}}]}}")
        .formatted(name, host, service);
  }

  /**
   * What the informers' sync added to the heap, by class (-Dspl.bench.histogram=N: the N that grew
   * most), to stderr: where a cached object's bytes go. A difference of two histograms, so the
   * stand-in API server's prepared answers, made before, are not counted.
   */
  private static void printHistogramGrowth(int n, Map<String, long[]> before, int top)
      throws Exception {
    Map<String, long[]> after = histogram();
    System.err.printf(
        "heap growth by class while %d objects synced (instances, bytes, B/object):%n", n);
    after.entrySet().stream()
        .map(
            e -> {
              long[] b = before.getOrDefault(e.getKey(), new long[2]);
              return Map.entry(
                  e.getKey(), new long[] {e.getValue()[0] - b[0], e.getValue()[1] - b[1]});
            })
        .sorted((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1]))
        .limit(top)
        .forEach(
            e ->
                System.err.printf(
                    "%10d %12d %6.1f  %s%n",
                    e.getValue()[0], e.getValue()[1], e.getValue()[1] / (double) n, e.getKey()));
  }

  /** The live heap by class name: instances and bytes, after a full GC. */
  private static Map<String, long[]> histogram() throws Exception {
    javax.management.ObjectName command =
        new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand");
    String text =
        (String)
            java.lang.management.ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    command,
                    "gcClassHistogram",
                    new Object[] {new String[0]},
                    new String[] {String[].class.getName()});
    Map<String, long[]> out = new java.util.HashMap<>();
    for (String line : text.lines().toList()) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 4 && f[0].endsWith(":")) {
        out.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
      }
    }
    return out;
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
    }
    return rt.totalMemory() - rt.freeMemory();
  }
}
