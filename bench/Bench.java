import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.rules.IndexRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * spl's throughput benchmark. Run through ./bench/run.sh:
 *   java -cp cli/target/spl.jar bench/Bench.java generate DIR DOCS
 *   java -cp cli/target/spl.jar bench/Bench.java measure DIR ROUNDS
 * "measure" alternates, in one JVM, a full lint of DIR with a parse-only pass over the same files
 * (snakeyaml-engine compose, the library spl uses), and prints medians and their ratio.
 */
public class Bench {
  public static void main(String[] args) throws IOException {
    switch (args[0]) {
      case "generate" ->
          generate(
              Path.of(args[1]),
              Integer.parseInt(args[2]),
              args.length < 4 || !args[3].equals("compact"),
              args.length >= 4 && args[3].equals("ingress"));
      case "measure" -> measure(Path.of(args[1]), Integer.parseInt(args[2]));
      default ->
          throw new IllegalArgumentException(
              "generate DIR DOCS [rendered|compact|ingress] | measure DIR ROUNDS");
    }
  }

  // ---- corpus ---------------------------------------------------------------------------------

  /**
   * Writes DOCS documents, 100 per file. "compact" documents hold the least each kind needs (about
   * 380 bytes on average); "rendered" ones look like what Helm writes (the chart's labels and
   * annotations, a pod spec with probes, security context and volumes, longer ConfigMaps; about
   * 1.5 KB on average). The mix of kinds is the same in both. "ingress" is rendered with ingress-nginx
   * Ingresses (a third with a dropped lifetime, many sharing a Service) and HorizontalPodAutoscalers
   * in place of the routes and Backends: the load of the rules beyond Gateway API.
   */
  static void generate(Path dir, int docs, boolean rendered, boolean ingress) throws IOException {
    Files.createDirectories(dir);
    Random random = new Random(1619);
    int perFile = 100;
    long bytes = 0;
    for (int f = 0; f * perFile < docs; f++) {
      StringBuilder out = new StringBuilder();
      for (int d = 0; d < perFile && f * perFile + d < docs; d++) {
        int i = f * perFile + d;
        int pick = random.nextInt(100);
        out.append("---\n");
        if (pick < 45) {
          out.append(deployment(i, rendered));
        } else if (pick < 70) {
          out.append(configMap(i, rendered ? 10 + random.nextInt(40) : 0, rendered));
        } else if (pick < 80) {
          out.append(service(i, random.nextInt(4) == 0, rendered));
        } else if (pick < 90) {
          out.append(
              ingress
                  ? ingress(i, random.nextInt(3) == 0, rendered)
                  : route(i, random.nextInt(5) == 0, rendered));
        } else if (pick < 96) {
          out.append(
              ingress ? autoscaler(i, rendered) : backend(i, random.nextInt(5) == 0, rendered));
        } else {
          out.append(broken(i));
        }
      }
      bytes += out.length();
      Files.writeString(dir.resolve(String.format("m%05d.yaml", f)), out.toString());
    }
    System.out.printf(
        "generated %,d %s documents in %s: %,d bytes, %,d per document%n",
        docs,
        ingress ? "ingress" : rendered ? "rendered" : "compact",
        dir,
        bytes,
        bytes / Math.max(1, docs));
  }

  /** The metadata block; rendered adds the labels and annotations Helm puts on every object. */
  static String metadata(String name, int i, boolean rendered) {
    String block = "metadata:\n  name: %s\n  namespace: team-%d\n".formatted(name, i % 20);
    if (!rendered) {
      return block;
    }
    return block
        + """
          labels:
            app.kubernetes.io/name: app-%1$d
            app.kubernetes.io/instance: release-%2$d
            app.kubernetes.io/version: "1.%3$d.0"
            app.kubernetes.io/managed-by: Helm
            app.kubernetes.io/part-of: shop
            helm.sh/chart: app-1.%3$d.0
          annotations:
            meta.helm.sh/release-name: release-%2$d
            meta.helm.sh/release-namespace: team-%2$d
        """.formatted(i, i % 20, i % 7);
  }

  static String deployment(int i, boolean rendered) {
    String doc = """
        apiVersion: apps/v1
        kind: Deployment
        %3$sspec:
          replicas: 3
          selector:
            matchLabels: {app: app-%1$d}
          template:
            metadata:
              labels: {app: app-%1$d}
            spec:
              containers:
              - name: app
                image: registry.example/app:%1$d
                ports: [{containerPort: 8080}]
                resources:
                  requests: {cpu: 100m, memory: 128Mi}
                  limits: {memory: 256Mi}
                env:
                - {name: MODE, value: production}
                - {name: LOG_LEVEL, value: info}
        """.formatted(i, i % 20, metadata("app-" + i, i, rendered));
    if (!rendered) {
      return doc;
    }
    return doc
        + """
                - name: POD_NAME
                  valueFrom: {fieldRef: {fieldPath: metadata.name}}
                - name: DATABASE_URL
                  valueFrom: {secretKeyRef: {name: app-%1$d-db, key: url}}
                livenessProbe:
                  httpGet: {path: /healthz, port: 8080}
                  initialDelaySeconds: 10
                  periodSeconds: 10
                readinessProbe:
                  httpGet: {path: /readyz, port: 8080}
                  periodSeconds: 5
                securityContext:
                  runAsNonRoot: true
                  readOnlyRootFilesystem: true
                  allowPrivilegeEscalation: false
                  capabilities: {drop: [ALL]}
                volumeMounts:
                - {name: config, mountPath: /etc/app}
                - {name: tmp, mountPath: /tmp}
              serviceAccountName: app-%1$d
              securityContext: {runAsUser: 65532, fsGroup: 65532, seccompProfile: {type: RuntimeDefault}}
              topologySpreadConstraints:
              - maxSkew: 1
                topologyKey: topology.kubernetes.io/zone
                whenUnsatisfiable: ScheduleAnyway
                labelSelector: {matchLabels: {app: app-%1$d}}
              volumes:
              - {name: config, configMap: {name: config-%1$d}}
              - {name: tmp, emptyDir: {}}
        """.formatted(i);
  }

  /** A ConfigMap with {@code extraLines} more lines of properties. */
  static String configMap(int i, int extraLines, boolean rendered) {
    StringBuilder extra = new StringBuilder();
    for (int l = 0; l < extraLines; l++) {
      extra.append("    app.setting.").append(l).append("=value-").append(i % 97).append('\n');
    }
    return """
        apiVersion: v1
        kind: ConfigMap
        %2$sdata:
          app.properties: |
            server.port=8080
            feature.flags=a,b,c
        %1$s  LOG_LEVEL: info
        """.formatted(extra, metadata("config-" + i, i, rendered));
  }

  static String service(int i, boolean clientIp, boolean rendered) {
    return """
        apiVersion: v1
        kind: Service
        %4$sspec:
          type: %2$s
          selector: {app: app-%1$d}
          ports: [{port: 80, targetPort: 8080}]
        %3$s""".formatted(i, clientIp ? "LoadBalancer" : "ClusterIP",
            clientIp ? "  sessionAffinity: ClientIP\n" : "", metadata("svc-" + i, i, rendered));
  }

  /** An ingress-nginx Ingress with cookie affinity to one of 500 Services of its namespace. */
  static String ingress(int i, boolean bad, boolean rendered) {
    String meta = metadata("ingress-" + i, i, rendered);
    String annotations =
        "    nginx.ingress.kubernetes.io/affinity: cookie\n"
            + "    nginx.ingress.kubernetes.io/session-cookie-max-age: \""
            + (bad ? "48h" : "172800")
            + "\"\n";
    meta =
        rendered
            ? meta.replace("  annotations:\n", "  annotations:\n" + annotations)
            : meta + "  annotations:\n" + annotations;
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        %sspec:
          ingressClassName: nginx
          rules:
          - host: app-%d.example.com
            http:
              paths:
              - path: /
                pathType: Prefix
                backend: {service: {name: svc-%d, port: {number: 80}}}
        """.formatted(meta, i, i % 500);
  }

  static String autoscaler(int i, boolean rendered) {
    return """
        apiVersion: autoscaling/v2
        kind: HorizontalPodAutoscaler
        %sspec:
          scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: app-%d}
          minReplicas: 2
          maxReplicas: 10
        """.formatted(metadata("hpa-" + i, i, rendered), i % 500);
  }

  static String route(int i, boolean bad, boolean rendered) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        %3$sspec:
          parentRefs: [{name: gw}]
          rules:
          - matches: [{path: {type: PathPrefix, value: /app-%1$d}}]
            backendRefs: [{name: svc-%1$d, port: 80}]
            sessionPersistence:
              type: Cookie
              absoluteTimeout: %2$s
              cookie: {name: s-%1$d, lifetimeType: Permanent}
        """.formatted(i, bad ? "1d" : "24h", metadata("route-" + i, i, rendered));
  }

  static String backend(int i, boolean bad, boolean rendered) {
    return """
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        %3$sspec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: app-%1$d}}
            sessionPersistence:
              %2$s
        """.formatted(i, bad ? "type: Header" : "cookie: {name: b-%d, path: /}".formatted(i),
            metadata("backend-" + i, i, rendered));
  }

  static String broken(int i) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: broken-%d\ndata: {}\n".formatted(i);
  }

  // ---- measurement ----------------------------------------------------------------------------

  static void measure(Path dir, int rounds) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    List<String> paths = files.stream().map(Path::toString).toList();
    List<Long> lintNanos = new ArrayList<>();
    List<Long> singleNanos = new ArrayList<>();
    Engine singleObjectOnly =
        new Engine(BuiltInRules.all().stream().filter(r -> !(r instanceof IndexRule)).toList());
    List<Long> parseNanos = new ArrayList<>();
    int documents = 0;
    int findings = 0;
    for (int round = 0; round < rounds + 2; round++) {
      // Each pass starts from a collected heap so that none pays for another's garbage.
      System.gc();
      long t0 = System.nanoTime();
      // As the CLI does: stream the files through one lint run.
      Engine.LintRun run = new Engine().start(LintOptions.defaults());
      LoadedInput totals = new ManifestLoader().load(paths, () -> null, p -> false, run::accept);
      LintResult result = run.finish(totals.files(), totals.documents());
      long t1 = System.nanoTime();
      System.gc();
      long t2 = System.nanoTime();
      int parsed = parseOnly(files);
      long t3 = System.nanoTime();
      System.gc();
      long t4 = System.nanoTime();
      Engine.LintRun single = singleObjectOnly.start(LintOptions.defaults());
      new ManifestLoader().load(paths, () -> null, p -> false, single::accept);
      single.finish(0, 0);
      long t5 = System.nanoTime();
      if (round >= 2) { // the first two rounds warm the JIT
        lintNanos.add(t1 - t0);
        parseNanos.add(t3 - t2);
        singleNanos.add(t5 - t4);
      }
      documents = result.documents();
      findings = result.findings().size();
      if (parsed != documents) {
        System.out.println("note: parse-only saw " + parsed + " documents, lint " + documents);
      }
    }
    long lint = median(lintNanos);
    long parse = median(parseNanos);
    long single = median(singleNanos);
    System.out.printf("files                 %d%n", files.size());
    System.out.printf("documents             %d (findings %d)%n", documents, findings);
    System.out.printf("lint   median         %.1f ms  (%,.0f documents/s)%n", lint / 1e6, documents / (lint / 1e9));
    System.out.printf("parse  median         %.1f ms  (%,.0f documents/s)%n", parse / 1e6, documents / (parse / 1e9));
    System.out.printf("lint/parse ratio      %.2f   (rounds %d, medians)%n", (double) lint / parse, rounds);
    System.out.printf("single-object rules   %.1f ms  (%,.0f documents/s)%n", single / 1e6, documents / (single / 1e9));
    System.out.printf("cross-resource cost   %+.1f %% of documents/s%n", 100.0 * (single - lint) / lint);
  }

  /**
   * Reads and composes every document with snakeyaml-engine, the library spl uses, and nothing
   * more. Documents are composed one by one (the generated corpus separates them with "---" lines),
   * so that a broken document does not hide the rest, as in spl.
   */
  static int parseOnly(List<Path> files) throws IOException {
    LoadSettings settings = LoadSettings.builder().setCodePointLimit(64 * 1024 * 1024).build();
    int documents = 0;
    for (Path f : files) {
      String text = Files.readString(f, StandardCharsets.UTF_8);
      for (String doc : text.split("(?m)^---\\n")) {
        if (doc.isEmpty()) {
          continue;
        }
        documents++;
        try {
          new Compose(settings).composeString(doc);
        } catch (RuntimeException syntaxError) {
          // counted; spl reports it as SPL001
        }
      }
    }
    return documents;
  }

  static long median(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
