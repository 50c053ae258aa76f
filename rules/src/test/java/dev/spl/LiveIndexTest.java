package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.index.LiveIndex;
import dev.spl.index.ObjectKey;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A webhook review sees only the reviewed object's neighbours from a {@link LiveIndex}. For every
 * object of every example, reviewing it against the others must give exactly the findings a full
 * lint of the example gives on it or relating to it.
 */
class LiveIndexTest {

  @Test
  void anObjectOverThePerObjectBudgetIsLeftOutAndCounted() {
    // issue 51: Deployments with ~870 KB of pod-template labels filled the webhook's heap
    LiveIndex cluster =
        new LiveIndex(
            GatewayApiVersion.V1_6,
            dev.spl.catalogue.BuiltInRules.indexInputs(),
            new LiveIndex.Budget(10_000, 1_000_000, 1_000_000));
    StringBuilder labels = new StringBuilder();
    for (int i = 0; i < 1_000; i++) { // some 20,000 characters
      labels.append("        label-").append(i).append(": value-").append(i).append('\n');
    }
    String deployment =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: shop}
        spec:
          selector:
            matchLabels: {app: web}
          template:
            metadata:
              labels:
                app: web
        %s
        """;
    Resource huge =
        new ManifestLoader()
            .loadText("d.yaml", deployment.formatted(labels.toString().stripTrailing()))
            .resources()
            .get(0);
    Resource small =
        new ManifestLoader().loadText("d.yaml", deployment.formatted("")).resources().get(0);
    assertTrue(cluster.putWithinBudget(small));
    assertEquals(1, cluster.size());
    // a new version over the budget replaces the kept one with nothing: no stale copy judges
    assertEquals(false, cluster.putWithinBudget(huge));
    assertEquals(0, cluster.size());
    assertEquals(1, cluster.overBudget());
    // back under the budget, it is kept again and no longer counted
    assertTrue(cluster.putWithinBudget(small));
    assertEquals(1, cluster.size());
    assertEquals(0, cluster.overBudget());
    // counting stops past the budget: a hostile object is not walked whole
    assertTrue(
        dev.spl.index.IndexFields.costOf(huge.root(), 100) < 200,
        "walked " + dev.spl.index.IndexFields.costOf(huge.root(), 100));
  }

  @Test
  void aNamespaceHasItsShareAndTheIndexItsTotal() {
    String service =
        """
        apiVersion: v1
        kind: Service
        metadata: {name: %s, namespace: %s}
        spec: {sessionAffinity: ClientIP, selector: {app: %s}}
        """;
    java.util.function.BiFunction<String, String, Resource> svc =
        (name, ns) ->
            new ManifestLoader()
                .loadText("s.yaml", service.formatted(name, ns, name))
                .resources()
                .get(0);
    long one =
        dev.spl.index.IndexFields.costOf(
            new dev.spl.index.IndexFields(dev.spl.catalogue.BuiltInRules.indexInputs())
                .project(svc.apply("s9", "tenant"))
                .root(),
            Long.MAX_VALUE);
    // room for three of a namespace's objects, and six in all (names of one length: one cost)
    LiveIndex cluster =
        new LiveIndex(
            GatewayApiVersion.V1_6,
            dev.spl.catalogue.BuiltInRules.indexInputs(),
            new LiveIndex.Budget(one * 2, one * 3, one * 6));
    for (int i = 0; i < 5; i++) {
      cluster.put(svc.apply("s" + i, "tenant"));
    }
    assertEquals(3, cluster.size(), "the tenant's share");
    assertEquals(2, cluster.overBudget());
    for (int i = 0; i < 3; i++) {
      assertTrue(cluster.putWithinBudget(svc.apply("s" + i, "shop00")), "another namespace's own");
    }
    assertEquals(false, cluster.putWithinBudget(svc.apply("x0", "other0")), "the total is full");
    // what goes frees its share: a removal and an update are accounted
    cluster.remove(ObjectKey.of(svc.apply("s0", "tenant")));
    assertTrue(cluster.putWithinBudget(svc.apply("x0", "other0")));
    assertEquals(one * 6, cluster.cost());
  }

  @Test
  void watchedIngressClassesSayWhichControllerServesAClass() {
    LiveIndex cluster =
        new LiveIndex(GatewayApiVersion.V1_6, dev.spl.catalogue.BuiltInRules.indexInputs());
    String yaml =
        """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: public}
        spec: {controller: k8s.io/ingress-nginx}
        """;
    Resource ingressClass = new ManifestLoader().loadText("c.yaml", yaml).resources().get(0);
    cluster.put(ingressClass);
    assertEquals(
        java.util.Optional.of("k8s.io/ingress-nginx"),
        cluster.ingressClasses().controllerOf("public"));
    assertEquals(0, cluster.size(), "kept apart from the objects the rules compare");
    // a change of controller is seen; a removal forgets the class
    cluster.put(
        new ManifestLoader()
            .loadText(
                "c.yaml", yaml.replace("k8s.io/ingress-nginx", "nginx.org/ingress-controller"))
            .resources()
            .get(0));
    assertEquals(
        java.util.Optional.of("nginx.org/ingress-controller"),
        cluster.ingressClasses().controllerOf("public"));
    cluster.remove(ObjectKey.of(ingressClass));
    assertTrue(cluster.ingressClasses().isEmpty());
  }

  @Test
  void reviewingAgainstNeighboursFindsWhatAFullLintFinds() throws IOException {
    int compared = 0;
    for (Path file : exampleFiles()) {
      compared +=
          compare(
              file.toString(),
              Files.readString(file, StandardCharsets.UTF_8),
              ExamplesTest.versionOf(file));
    }
    assertTrue(compared > 20, "the examples hold findings to compare: " + compared);
  }

  /**
   * Session names that come through a Backend (main) or a policy, not inline: the review finds the
   * route of the same listener by the name, as a full lint does (issue 31 moved that lookup from a
   * walk over the Gateway's routes to an index by name).
   */
  @Test
  void namesThroughBackendsAndPoliciesAreFoundByName() {
    String gateway =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: public, namespace: shop}
        spec: {gatewayClassName: eg, listeners: [{name: web, port: 80, protocol: HTTP}]}
        """;
    String route =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s, namespace: shop}
        spec:
          parentRefs: [{name: public, sectionName: web}]
          hostnames: [shop.example.com]
          rules: [{backendRefs: [%s]%s}]
        """;
    String backends =
        """
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b-a, namespace: shop}
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: a}}
            sessionPersistence: {cookie: {name: shop}}
        ---
        apiVersion: gateway.networking.x-k8s.io/v1alpha1
        kind: Backend
        metadata: {name: b-b, namespace: shop}
        spec:
          type: EndpointSelector
          endpointSelector:
            selector: {matchLabels: {app: b}}
            sessionPersistence: {cookie: {name: shop}}
        """;
    String onMain =
        gateway
            + backends
            + route.formatted(
                "a", "{group: gateway.networking.x-k8s.io, kind: Backend, name: b-a}", "")
            + route.formatted(
                "b", "{group: gateway.networking.x-k8s.io, kind: Backend, name: b-b}", "");
    assertTrue(compare("main.yaml", onMain, GatewayApiVersion.MAIN) > 0, "SPL103 through Backends");
    String policy =
        """
        ---
        apiVersion: gateway.networking.k8s.io/v1alpha2
        kind: BackendLBPolicy
        metadata: {name: p, namespace: shop}
        spec:
          targetRefs: [{group: "", kind: Service, name: b}]
          sessionPersistence: {sessionName: shop}
        """;
    String onV14 =
        gateway
            + policy
            + route.formatted(
                "a", "{name: a, port: 80}", ", sessionPersistence: {sessionName: shop}")
            + route.formatted("b", "{name: b, port: 80}", "");
    assertTrue(compare("v14.yaml", onV14, GatewayApiVersion.V1_4) > 0, "SPL103 through a policy");
  }

  /**
   * Reviews each object of {@code text} against a LiveIndex of the others and compares with a full
   * lint; the number of findings compared.
   */
  private static final List<String> LINT_ONLY =
      dev.spl.apiserver.PolicyCoverage.lintOnly(dev.spl.catalogue.BuiltInRules.all());

  private static int compare(String name, String text, GatewayApiVersion version) {
    int compared = 0;
    LintOptions options = LintOptions.defaults().withVersion(version);
    ManifestLoader loader = new ManifestLoader();
    List<Finding> full = new Engine().lint(loader.loadText(name, text), options).findings();
    List<Resource> all = loader.loadText(name, text).resources();
    // The kinds a webhook reviews: what carries persistence, Services, Ingresses and the
    // other controllers' sticky-session objects.
    for (Resource reviewed :
        all.stream()
            .filter(
                r ->
                    r.attachment() != null
                        || dev.spl.catalogue.BuiltInRules.isReviewed(r.group(), r.kind()))
            .toList()) {
      LiveIndex cluster = new LiveIndex(version, dev.spl.catalogue.BuiltInRules.indexInputs());
      all.stream().filter(r -> r != reviewed).forEach(cluster::put);
      // as the webhook does: the cluster's IngressClasses go with the options
      Engine.LintRun run = new Engine().start(options.withIngressClasses(cluster.ingressClasses()));
      run.acceptKept(cluster.neighbours(reviewed));
      run.accept(new dev.spl.load.LoadedInput(List.of(reviewed), List.of(), List.of(), 1, 1));
      List<Finding> review = involving(run.finish(1, 1).findings(), reviewed.ref());
      // A cluster holds one object per key: the reviewed object replaces its cached copy, so
      // a duplicate (SPL104) exists only in files.
      // and a review leaves the lint-only rules to spl lint, as the webhook does.
      List<Finding> expected =
          involving(full, reviewed.ref()).stream()
              .filter(f -> !f.ruleId().equals("SPL104") && !LINT_ONLY.contains(f.ruleId()))
              .toList();
      review = review.stream().filter(f -> !LINT_ONLY.contains(f.ruleId())).toList();
      assertEquals(keys(expected), keys(review), name + ": review of " + reviewed.ref().describe());
      compared += review.size();
    }
    return compared;
  }

  /**
   * Issue 51: other namespaces' routes naming a Service, and policies carrying a victim's session
   * name, made a review's cost grow with their count. A reference counts only where Gateway API
   * lets it take effect (a ReferenceGrant, a listener's allowedRoutes), and the lookups a review
   * makes stay the same with none or thousands of such objects.
   */
  @Test
  void foreignReferencesWithoutEffectCostAReviewNothing() {
    String service =
        "apiVersion: v1\nkind: Service\nmetadata: {name: cart, namespace: shop}\n"
            + "spec: {sessionAffinity: ClientIP}\n";
    String gateway =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: gw, namespace: shop}
        spec:
          gatewayClassName: c
          listeners: [{name: web, port: 80, protocol: HTTP}]
        """;
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: %s, namespace: %s}
        spec:
          parentRefs: [{name: gw, namespace: shop}]
          rules:
          - backendRefs: [{name: %s, namespace: %s}]
            sessionPersistence: {sessionName: %s}
        """;
    String policy =
        """
        apiVersion: gateway.networking.k8s.io/v1alpha2
        kind: BackendLBPolicy
        metadata: {name: p%d, namespace: t%d}
        spec:
          targetRefs: [{group: "", kind: Service, name: s%d}]
          sessionPersistence: {sessionName: victim}
        """;
    ManifestLoader loader = new ManifestLoader();
    java.util.function.Function<String, Resource> one =
        text -> loader.loadText("x.yaml", text).resources().get(0);
    LiveIndex cluster =
        new LiveIndex(GatewayApiVersion.V1_4, dev.spl.catalogue.BuiltInRules.indexInputs());
    cluster.put(one.apply(gateway));
    cluster.put(one.apply(route.formatted("own", "shop", "cart", "shop", "victim")));
    Resource svc = one.apply(service);
    Resource victim = one.apply(route.formatted("mine", "shop", "other", "shop", "victim"));
    long[] before = {cost(cluster, svc), cost(cluster, victim)};
    int neighbours = cluster.neighbours(svc).size();
    // 2,000 keeps the test quick (a mutation run repeats it per mutant): the lookups do not grow
    // at all, so any count shows it; bench/webhook/scale-compare.sh times a filled cache
    for (int i = 0; i < 2_000; i++) {
      // a tenant's route naming shop/cart, no ReferenceGrant; and one on the Gateway, not admitted
      cluster.put(one.apply(route.formatted("r" + i, "t" + i, "cart", "shop", "victim")));
      if (i < 200) {
        cluster.put(one.apply(policy.formatted(i, i, i)));
      }
    }
    assertEquals(neighbours, cluster.neighbours(svc).size(), "no foreign route is a neighbour");
    assertEquals(before[0], cost(cluster, svc), "a Service's review: lookups");
    assertEquals(before[1], cost(cluster, victim), "a route's review: lookups");
    // a ReferenceGrant for one namespace lets that namespace's route count, and only it
    cluster.put(
        one.apply(
            """
            apiVersion: gateway.networking.k8s.io/v1beta1
            kind: ReferenceGrant
            metadata: {name: g, namespace: shop}
            spec:
              from: [{group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: t7}]
              to: [{group: "", kind: Service, name: cart}]
            """));
    List<String> routes =
        cluster.neighbours(svc).stream()
            .filter(e -> e.resource().role() == KindRole.ROUTE)
            .map(e -> e.resource().name())
            .sorted()
            .toList();
    assertEquals(List.of("own", "r7"), routes);
  }

  private static long cost(LiveIndex cluster, Resource reviewed) {
    long before = cluster.referencesRead();
    cluster.neighbours(reviewed);
    return cluster.referencesRead() - before;
  }

  @Test
  void ingressesOfOneHostAreNeighboursUpToACap() {
    String ingress =
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata: {name: i%d, namespace: ns%d}
        spec:
          rules:
          - host: Portal.example
            http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: s, port: {number: 80}}}}]}
        """;
    String service = "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: ns%d}\n";
    ManifestLoader loader = new ManifestLoader();
    LiveIndex cluster =
        new LiveIndex(GatewayApiVersion.V1_6, dev.spl.catalogue.BuiltInRules.indexInputs());
    for (int i = 1; i <= 3; i++) {
      cluster.put(loader.loadText("i.yaml", ingress.formatted(i, i)).resources().get(0));
      cluster.put(loader.loadText("s.yaml", service.formatted(i)).resources().get(0));
    }
    Resource reviewed = loader.loadText("i.yaml", ingress.formatted(0, 0)).resources().get(0);
    // the other Ingresses of the host, whatever its case, and the Services behind them
    assertEquals(6, cluster.neighbours(reviewed).size());
    for (int i = 4; i <= 100; i++) {
      cluster.put(loader.loadText("i.yaml", ingress.formatted(i, i)).resources().get(0));
    }
    long ingresses =
        cluster.neighbours(reviewed).stream()
            .filter(e -> e.resource().role() == KindRole.INGRESS)
            .count();
    assertEquals(32, ingresses, "however many name the host");
  }

  @Test
  void aChangedObjectIsReindexedAndARemovedOneForgotten() {
    String route =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: %s}]
            sessionPersistence: {sessionName: s}
        """;
    String service =
        "apiVersion: v1\nkind: Service\nmetadata: {name: legacy, namespace: shop}\n"
            + "spec: {sessionAffinity: ClientIP}\n";
    ManifestLoader loader = new ManifestLoader();
    Resource svc = loader.loadText("s.yaml", service).resources().get(0);
    LiveIndex cluster =
        new LiveIndex(GatewayApiVersion.V1_6, dev.spl.catalogue.BuiltInRules.indexInputs());
    cluster.put(loader.loadText("r.yaml", route.formatted("legacy")).resources().get(0));
    assertEquals(1, cluster.neighbours(svc).size(), "the route refers to the Service");
    assertEquals(1, cluster.size());
    assertEquals("r", cluster.all().get(0).resource().name());
    cluster.put(loader.loadText("r.yaml", route.formatted("other")).resources().get(0));
    assertEquals(0, cluster.neighbours(svc).size(), "the route now refers elsewhere");
    cluster.put(loader.loadText("r.yaml", route.formatted("legacy")).resources().get(0));
    cluster.remove(new ObjectKey("gateway.networking.k8s.io", "HTTPRoute", "shop", "r"));
    assertEquals(0, cluster.neighbours(svc).size(), "the route is gone");
    assertEquals(0, cluster.size());
  }

  private static List<Finding> involving(List<Finding> findings, ResourceRef ref) {
    return findings.stream()
        .filter(
            f ->
                ref.equals(f.resource())
                    || f.related().stream().anyMatch(r -> ref.equals(r.resource())))
        .toList();
  }

  /**
   * Rule and the objects involved. Which of two colliding objects carries a finding depends on the
   * order they are seen in; a review sees the reviewed object last, so it is the one reported.
   */
  private static List<String> keys(List<Finding> findings) {
    List<String> out = new ArrayList<>();
    for (Finding f : findings) {
      java.util.TreeSet<String> objects = new java.util.TreeSet<>();
      objects.add(f.resource().describe());
      f.related().forEach(r -> objects.add(r.resource().describe()));
      out.add(f.ruleId() + " " + objects);
    }
    out.sort(null);
    return out;
  }

  private static List<Path> exampleFiles() throws IOException {
    return ExamplesTest.manifestFiles().stream()
        .filter(p -> p.getFileName().toString().matches("(bad|good)\\.yaml"))
        .toList();
  }
}
