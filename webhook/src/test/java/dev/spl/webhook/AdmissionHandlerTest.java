package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.index.LiveIndex;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Admission as a plain function, without HTTP. */
class AdmissionHandlerTest {
  // The reviews carry Backends, whose persistence only the gep-1619-backend proposal has.
  static final LintOptions BACKEND_PROPOSAL =
      LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.GEP_1619_BACKEND);

  static final JsonMapper JSON = JsonMapper.builder().build();

  static AdmissionHandler handler(ClusterState cluster) {
    return new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, cluster, false);
  }

  static JsonNode response(AdmissionHandler h, String body) throws Exception {
    return h.review(JSON.readTree(body)).review().get("response");
  }

  /**
   * The review of creating Ingress shop/{@code name} of {@code cls}, one path to {@code service}.
   */
  static String ingressReview(String name, String cls, String annotations, String service) {
    return Reviews.review(
        "u-ing",
        "CREATE",
        "networking.k8s.io",
        "Ingress",
        "shop",
        """
        {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
         "metadata": {"name": "%s", "namespace": "shop", "annotations": %s},
         "spec": {"ingressClassName": "%s",
                  "rules": [{"http": {"paths": [{"path": "/", "pathType": "Prefix",
                    "backend": {"service": {"name": "%s", "port": {"number": 80}}}}]}}]}}
        """
            .formatted(name, annotations, cls, service));
  }

  static ClusterState clusterOf(String yaml) {
    LiveIndex index =
        new LiveIndex(BACKEND_PROPOSAL.version(), dev.spl.catalogue.BuiltInRules.indexInputs());
    new ManifestLoader().loadText("cluster", yaml).resources().forEach(index::put);
    return new ClusterState() {
      @Override
      public List<LiveIndex.Entry> neighbours(Resource reviewed) {
        return index.neighbours(reviewed);
      }

      @Override
      public int size() {
        return index.size();
      }

      @Override
      public Map<String, Boolean> syncState() {
        return Map.of("all", true);
      }

      @Override
      public Map<String, String> skipped() {
        return Map.of();
      }

      @Override
      public dev.spl.index.IngressClasses ingressClasses() {
        return index.ingressClasses();
      }
    };
  }

  @Test
  void theClustersIngressClassesDecideWhichIngressesAreIngressNginxs() throws Exception {
    String ingress =
        ingressReview("cafe", "public", "{\"nginx.org/lb-method\": \"ip_hash\"}", "cafe");
    // Only F5's annotations: F5's Ingress, unless the cluster says the class is ingress-nginx's.
    assertTrue(response(handler(ClusterState.NONE), ingress).path("warnings").isEmpty());
    ClusterState cluster =
        clusterOf(
            """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: public}
        spec: {controller: k8s.io/ingress-nginx}
        """);
    JsonNode r = response(handler(cluster), ingress);
    assertTrue(r.get("allowed").asBoolean(), r.toString());
    assertTrue(r.get("warnings").toString().contains("SPL204"), r.toString());
  }

  @Test
  void goodObjectIsAllowedAndUidEchoed() throws Exception {
    JsonNode r = response(handler(ClusterState.NONE), Reviews.goodBackend());
    assertEquals("u-good", r.get("uid").asString());
    assertTrue(r.get("allowed").asBoolean());
    assertFalse(r.has("warnings"));
  }

  @Test
  void errorsDenyWithEveryFindingAndItsField() throws Exception {
    JsonNode r = response(handler(ClusterState.NONE), Reviews.badBackend());
    assertFalse(r.get("allowed").asBoolean());
    assertEquals(422, r.get("status").get("code").asInt());
    String message = r.get("status").get("message").asString();
    assertTrue(
        message.startsWith(
            "spl: XBackend shop/cart has 1 error: [SPL133] "
                + "spec.endpointSelector.sessionPersistence.absoluteTimeout: "),
        message);
  }

  @Test
  void warningsAreReturnedAndTheObjectAllowed() throws Exception {
    JsonNode r = response(handler(ClusterState.NONE), Reviews.warnedBackend());
    assertTrue(r.get("allowed").asBoolean());
    assertEquals(1, r.get("warnings").size());
    assertTrue(r.get("warnings").get(0).asString().startsWith("SPL131 "));
  }

  @Test
  void warningsAreFewAndShort() {
    List<dev.spl.model.Finding> many = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      many.add(
          new dev.spl.model.Finding(
              "SPL131",
              "n",
              Severity.WARNING,
              "x".repeat(400),
              new dev.spl.model.SourcePosition("f", 1, 1),
              null,
              "spec",
              List.of()));
    }
    List<String> warnings = AdmissionHandler.warnings(many);
    assertEquals(AdmissionHandler.MAX_WARNINGS, warnings.size());
    assertTrue(warnings.stream().allMatch(w -> w.length() <= 256));
    assertTrue(warnings.get(4).contains("5 more warnings"), warnings.get(4));
  }

  @Test
  void deleteAndUnknownKindsAreAllowedUnread() throws Exception {
    String delete = Reviews.badBackend().replace("\"CREATE\"", "\"DELETE\"");
    assertTrue(response(handler(ClusterState.NONE), delete).get("allowed").asBoolean());
    String configMap =
        Reviews.review(
            "u-cm",
            "CREATE",
            "",
            "ConfigMap",
            "shop",
            "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"c\"}}");
    AdmissionHandler.Outcome o = handler(ClusterState.NONE).review(JSON.readTree(configMap));
    assertEquals("skipped", o.verdict());
    assertTrue(o.review().get("response").get("allowed").asBoolean());
  }

  @Test
  void invalidReviewsAreRejectedWithAReason() {
    AdmissionHandler h = handler(ClusterState.NONE);
    assertThrows(InvalidReviewException.class, () -> h.review(JSON.readTree("[1, 2]")));
    assertThrows(
        InvalidReviewException.class,
        () -> h.review(JSON.readTree("{\"kind\": \"AdmissionReview\"}")));
    var e =
        assertThrows(
            InvalidReviewException.class,
            () ->
                h.review(
                    JSON.readTree(
                        "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {}}")));
    assertEquals("request.uid is missing", e.getMessage());
  }

  @Test
  void routeIsCheckedAgainstCachedServices() throws Exception {
    ClusterState cluster =
        clusterOf(
            """
        apiVersion: v1
        kind: Service
        metadata: {name: legacy, namespace: shop}
        spec: {sessionAffinity: ClientIP}
        """);
    String route =
        Reviews.review(
            "u-route",
            "CREATE",
            "gateway.networking.k8s.io",
            "HTTPRoute",
            "shop",
            """
        {"apiVersion": "gateway.networking.k8s.io/v1", "kind": "HTTPRoute", "metadata": {"name": "r"},
         "spec": {"rules": [{"backendRefs": [{"name": "legacy"}],
                             "sessionPersistence": {"cookie": {"name": "s"}}}]}}
        """);
    JsonNode r = response(handler(cluster), route);
    assertFalse(r.get("allowed").asBoolean());
    assertTrue(r.get("status").get("message").asString().contains("[SPL110]"));
  }

  @Test
  void serviceTurningClientIpIsCheckedAgainstCachedRoutes() throws Exception {
    ClusterState cluster =
        clusterOf(
            """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: legacy}]
            sessionPersistence: {cookie: {name: s}}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: legacy, namespace: shop}
        spec: {sessionAffinity: None}
        """);
    String service =
        Reviews.review(
            "u-svc",
            "UPDATE",
            "",
            "Service",
            "shop",
            """
        {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "legacy", "namespace": "shop"},
         "spec": {"sessionAffinity": "ClientIP"}}
        """);
    JsonNode r = response(handler(cluster), service);
    assertFalse(r.get("allowed").asBoolean(), r.toString());
    assertTrue(r.get("status").get("message").asString().contains("[SPL110]"));
  }

  @Test
  void ingressesAreReviewedWithTheirNeighbours() throws Exception {
    ClusterState cluster =
        clusterOf(
            """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: internal
          namespace: shop
          annotations: {nginx.ingress.kubernetes.io/affinity: cookie}
        spec:
          ingressClassName: nginx
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
        """);
    String disabled =
        ingressReview(
            "public", "nginx", "{\"nginx.ingress.kubernetes.io/affinity\": \"true\"}", "web");
    JsonNode r = response(handler(cluster), disabled);
    assertFalse(r.get("allowed").asBoolean(), r.toString());
    assertTrue(r.get("status").get("message").asString().contains("[SPL201]"), r.toString());
    String differs =
        disabled.replace(
            "\"true\"", "\"cookie\", \"nginx.ingress.kubernetes.io/session-cookie-name\": \"x\"");
    JsonNode w = response(handler(cluster), differs);
    assertTrue(w.get("allowed").asBoolean(), w.toString());
    assertTrue(w.get("warnings").toString().contains("SPL206"), w.toString());
  }

  @Test
  void whatTheApiServerValidatesItselfIsLeftToIt() throws Exception {
    // A Permanent cookie without absoluteTimeout (the CRD's CEL rule, SPL010), a name with a space
    // (its schema's pattern, SPL022) and a field the schema does not have (pruned, SPL026): the API
    // server refuses or prunes such an object before any webhook is called, and lets it through on
    // an update that leaves them (ratcheting). A review says nothing of them; spl lint still does.
    String persistence =
        "{\"idleTimeout\": \"1h\", \"cookie\": {\"name\": \"cart session\", \"lifetimeType\":"
            + " \"Permanent\"}}";
    JsonNode r =
        response(
            handler(ClusterState.NONE),
            Reviews.review(
                "u-val",
                "CREATE",
                "gateway.networking.x-k8s.io",
                "XBackend",
                "shop",
                Reviews.backend(persistence)));
    assertTrue(r.get("allowed").asBoolean(), r.toString());
    assertFalse(r.has("warnings"), r.toString());
    List<String> linted =
        new Engine()
                .lint(
                    new ManifestLoader().loadText("b.yaml", Reviews.backend(persistence)),
                    BACKEND_PROPOSAL)
                .findings()
                .stream()
                .map(dev.spl.model.Finding::ruleId)
                .distinct()
                .sorted()
                .toList();
    assertEquals(List.of("SPL010", "SPL022", "SPL026"), linted);
    assertTrue(
        AdmissionHandler.LEFT_TO_VALIDATION.containsAll(linted),
        AdmissionHandler.LEFT_TO_VALIDATION.toString());
    // a rule the API server cannot judge alone still runs (the lists do not overlap)
    assertFalse(AdmissionHandler.LEFT_TO_VALIDATION.contains("SPL133"));
  }

  /** A review runs neither what validation enforced before it nor what only a lint can judge. */
  @Test
  void aReviewRunsWithoutTheRulesLeftToValidationAndToLint() {
    var rules = AdmissionHandler.reviewing(dev.spl.LintOptions.defaults()).judgement().rules();
    assertFalse(AdmissionHandler.LEFT_TO_LINT.isEmpty());
    for (String id : AdmissionHandler.LEFT_TO_LINT) {
      assertFalse(rules.isEnabled(id), id + " is a lint's alone");
    }
    for (String id : AdmissionHandler.LEFT_TO_VALIDATION) {
      assertFalse(rules.isEnabled(id), id + " is the API server's");
    }
    assertTrue(rules.isEnabled("SPL133"), "the rest run");
    assertTrue(AdmissionHandler.reviewsKind("HTTPRoute"));
    assertFalse(AdmissionHandler.reviewsKind("ConfigMap"), "a kind no rule reviews is \"other\"");
  }

  @Test
  void anUpdateIsDeniedOnlyForWhatItIntroduces() throws Exception {
    String old =
        Reviews.backend(
            "{\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"cart\", \"lifetimeType\":"
                + " \"Permanent\"}}");
    String update =
        Reviews.review("u-upd", "UPDATE", "gateway.networking.x-k8s.io", "XBackend", "shop", old)
            .replace("\"object\":", "\"oldObject\": " + old + ", \"object\":");
    // the same object created is denied...
    String create =
        Reviews.review("u-new", "CREATE", "gateway.networking.x-k8s.io", "XBackend", "shop", old);
    assertFalse(response(handler(ClusterState.NONE), create).get("allowed").asBoolean());
    // ...while an update that leaves the problem as it was is let through with a warning
    AdmissionHandler lenient = handler(ClusterState.NONE);
    JsonNode r = response(lenient, update);
    assertTrue(r.get("allowed").asBoolean(), r.toString());
    assertTrue(r.get("warnings").get(0).asString().startsWith("SPL133"));
    // a new problem in the same update still blocks it: the new object keeps the zero lifetime and
    // renames the cookie __Host- on a path other than "/"; only the new problem denies, the old one
    // still warns
    String newObject =
        Reviews.backend(
            "{\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"__Host-cart\", \"path\":"
                + " \"/cart\", \"lifetimeType\": \"Permanent\"}}");
    String worse =
        Reviews.review(
                "u-worse", "UPDATE", "gateway.networking.x-k8s.io", "XBackend", "shop", newObject)
            .replace("\"object\":", "\"oldObject\": " + old + ", \"object\":");
    JsonNode denied = response(lenient, worse);
    assertFalse(denied.get("allowed").asBoolean(), denied.toString());
    String message = denied.get("status").get("message").asString();
    assertTrue(message.contains("[SPL132]") && !message.contains("[SPL133]"), message);
    assertTrue(denied.get("warnings").get(0).asString().startsWith("SPL133"), denied.toString());
  }

  @Test
  void aFailingRuleAllowsWithAWarningOrDeniesWhenFailClosed() throws Exception {
    List<Rule> rules = new ArrayList<>(BuiltInRules.all());
    rules.add(
        new ResourceRule() {
          @Override
          public dev.spl.index.Inputs inputs() {
            return dev.spl.index.Inputs.EVERY_OBJECT;
          }

          @Override
          public RuleInfo info() {
            return new RuleInfo("SPL999", "broken", Severity.ERROR, "s");
          }

          @Override
          public void check(
              Resource resource,
              dev.spl.rules.RuleContext context,
              dev.spl.rules.Reporter reporter) {
            throw new IllegalStateException("boom");
          }
        });
    AdmissionHandler open =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, false);
    AdmissionHandler.Outcome o = open.review(JSON.readTree(Reviews.goodBackend()));
    assertTrue(o.internalError());
    assertTrue(o.review().get("response").get("allowed").asBoolean());
    assertTrue(
        o.review().get("response").get("warnings").get(0).asString().contains("internal error"));
    AdmissionHandler closed =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, true);
    assertFalse(
        closed
            .review(JSON.readTree(Reviews.goodBackend()))
            .review()
            .get("response")
            .get("allowed")
            .asBoolean());
  }

  @Test
  void aReviewPastItsDeadlineStopsAndAnswersAsTheFailurePolicySays() throws Exception {
    java.util.concurrent.atomic.AtomicInteger afterTheSlowOne =
        new java.util.concurrent.atomic.AtomicInteger();
    List<Rule> rules = new ArrayList<>(BuiltInRules.all());
    rules.add(testRule("SPL998", () -> sleep(300)));
    rules.add(testRule("SPL999", afterTheSlowOne::incrementAndGet));
    AdmissionHandler open =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, false);
    open.review(JSON.readTree(Reviews.goodBackend())); // warm
    afterTheSlowOne.set(0);

    AdmissionHandler.Outcome o =
        open.review(
            JSON.readTree(Reviews.goodBackend()),
            java.util.OptionalLong.of(
                System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(100)));
    assertEquals("timeout", o.verdict());
    assertFalse(o.internalError(), "a timeout is not a bug");
    // counted, not timed: the rule after the slow one never ran
    assertEquals(0, afterTheSlowOne.get(), "no rule starts after the deadline");
    assertTrue(o.review().get("response").get("allowed").asBoolean());
    assertTrue(
        o.review().get("response").get("warnings").get(0).asString().contains("timeout"),
        o.review().toString());
    AdmissionHandler closed =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, true);
    assertFalse(
        closed
            .review(
                JSON.readTree(Reviews.goodBackend()), java.util.OptionalLong.of(System.nanoTime()))
            .review()
            .get("response")
            .get("allowed")
            .asBoolean());
    // without a deadline every rule runs
    open.review(JSON.readTree(Reviews.goodBackend()));
    assertEquals(1, afterTheSlowOne.get());
  }

  @Test
  void theAnswerLeavesAtTheDeadlineWhileARuleStillRuns() throws Exception {
    // a rule that does not end until it is let go (a pathological input): the review is answered
    // at its deadline, not when the rule ends (before, a 24.9 s answer came to a ?timeout=5s
    // review). Judged by order, not by a clock: the answer exists while the rule still runs.
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean ruleEnded =
        new java.util.concurrent.atomic.AtomicBoolean();
    List<Rule> rules = new ArrayList<>(BuiltInRules.all());
    rules.add(
        testRule(
            "SPL997",
            () -> {
              busyUntil(release, 60_000); // deaf to interrupts, as a runaway regex is
              ruleEnded.set(true);
            }));
    AdmissionHandler closed =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, true);
    try {
      AdmissionHandler.Outcome o =
          closed.review(
              JSON.readTree(Reviews.goodBackend()),
              java.util.OptionalLong.of(
                  System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(150)));
      assertFalse(ruleEnded.get(), "the answer waited for the rule to end");
      assertEquals("denied", o.verdict(), "fail closed, as the admin chose");
      assertFalse(o.review().get("response").get("allowed").asBoolean());
    } finally {
      release.countDown();
    }
  }

  @Test
  void aRuleThatFailsOnTheReviewsThreadIsAnsweredAsConfigured() throws Exception {
    List<Rule> rules = new ArrayList<>(BuiltInRules.all());
    rules.add(
        testRule(
            "SPL996",
            () -> {
              throw new IllegalStateException("boom");
            }));
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    AdmissionHandler.Outcome open =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, false)
            .review(JSON.readTree(Reviews.goodBackend()), java.util.OptionalLong.of(deadline));
    assertEquals("error", open.verdict());
    assertTrue(open.internalError());
    assertTrue(open.review().get("response").get("allowed").asBoolean());
    AdmissionHandler.Outcome closed =
        new AdmissionHandler(new Engine(rules), BACKEND_PROPOSAL, ClusterState.NONE, true)
            .review(JSON.readTree(Reviews.goodBackend()), java.util.OptionalLong.of(deadline));
    assertEquals("denied", closed.verdict());
    assertFalse(closed.review().get("response").get("allowed").asBoolean());
    // and a review well within its deadline is the same as one without
    AdmissionHandler fine =
        new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, ClusterState.NONE, true);
    assertEquals(
        fine.review(JSON.readTree(Reviews.goodBackend())).review(),
        fine.review(JSON.readTree(Reviews.goodBackend()), java.util.OptionalLong.of(deadline))
            .review());
  }

  @Test
  void onlyFinalizersAndBookkeepingMayChangeOnAnObjectBeingDeleted() throws Exception {
    JsonNode old =
        JSON.readTree(
            "{\"metadata\": {\"name\": \"a\", \"finalizers\": [\"x\"], \"resourceVersion\": \"1\","
                + " \"generation\": 1}, \"spec\": {\"a\": 1}, \"status\": {\"s\": 1}}");
    JsonNode gone =
        JSON.readTree(
            "{\"metadata\": {\"name\": \"a\", \"resourceVersion\": \"2\", \"generation\": 2,"
                + " \"deletionTimestamp\": \"t\", \"deletionGracePeriodSeconds\": 0,"
                + " \"managedFields\": []}, \"spec\": {\"a\": 1}, \"status\": {\"s\": 2}}");
    assertFalse(AdmissionHandler.changesMoreThanFinalizers(gone, old));
    JsonNode changed = JSON.readTree(gone.toString().replace("\"a\":1", "\"a\":2"));
    assertTrue(AdmissionHandler.changesMoreThanFinalizers(changed, old), changed.toString());
    JsonNode labelled =
        JSON.readTree(
            gone.toString().replace("\"name\":\"a\"", "\"name\":\"a\",\"labels\":{\"l\":\"v\"}"));
    assertTrue(
        AdmissionHandler.changesMoreThanFinalizers(labelled, old), "labels are not bookkeeping");
    assertFalse(AdmissionHandler.changesMoreThanFinalizers(changed, null), "no old object");
    assertFalse(
        AdmissionHandler.changesMoreThanFinalizers(changed, JSON.readTree("\"x\"")),
        "not an object");
  }

  @Test
  void aDryRunIsSaidSoAndAMissingFlagIsNoDryRun() throws Exception {
    AdmissionHandler h =
        new AdmissionHandler(new Engine(), BACKEND_PROPOSAL, ClusterState.NONE, false);
    String wet = Reviews.goodBackend();
    assertTrue(wet.contains("\"dryRun\": false"), wet);
    assertFalse(h.review(JSON.readTree(wet)).dryRun());
    assertTrue(
        h.review(JSON.readTree(wet.replace("\"dryRun\": false", "\"dryRun\": true"))).dryRun());
    assertFalse(h.review(JSON.readTree(wet.replace("\"dryRun\": false, ", ""))).dryRun());
  }

  /** Spins until {@code release} opens (or {@code capMillis} pass), deaf to interrupts. */
  static void busyUntil(java.util.concurrent.CountDownLatch release, long capMillis) {
    long until = System.nanoTime() + capMillis * 1_000_000;
    while (release.getCount() > 0 && System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }

  static Rule testRule(String id, Runnable body) {
    return new ResourceRule() {
      @Override
      public dev.spl.index.Inputs inputs() {
        return dev.spl.index.Inputs.EVERY_OBJECT;
      }

      @Override
      public RuleInfo info() {
        return new RuleInfo(id, "test-" + id, Severity.ERROR, "s");
      }

      @Override
      public void check(
          Resource resource, dev.spl.rules.RuleContext context, dev.spl.rules.Reporter reporter) {
        body.run();
      }
    };
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void anObjectBeingDeletedCanLoseItsFinalizersButNotChangeAtWill() throws Exception {
    // Already broken (a Permanent cookie that lives 0s) and being deleted: the finalizer goes,
    // whatever the object breaks.
    String broken =
        Reviews.backend(
            "{\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"cart\", \"lifetimeType\":"
                + " \"Permanent\"}}");
    String deleting =
        broken.replace(
            "\"metadata\": {", "\"metadata\": {\"deletionTimestamp\": \"2026-11-30T10:00:00Z\", ");
    String withFinalizer =
        deleting.replace(
            "\"metadata\": {", "\"metadata\": {\"finalizers\": [\"example.com/cleanup\"], ");
    assertTrue(deleting.contains("deletionTimestamp"), deleting);
    JsonNode finalizerGoes =
        response(
            handler(ClusterState.NONE),
            Reviews.review(
                    "u-fin", "UPDATE", "gateway.networking.x-k8s.io", "XBackend", "shop", deleting)
                .replace("\"object\":", "\"oldObject\": " + withFinalizer + ", \"object\":"));
    assertTrue(finalizerGoes.get("allowed").asBoolean(), finalizerGoes.toString());
    assertFalse(finalizerGoes.has("warnings"), "nothing to say of an object on its way out");
    // A Terminating object held open by the author's own finalizer: an update that adds a
    // violation (24h -> 0s) is judged like any other.
    String fine = withFinalizer.replace("\"0s\"", "\"24h\"");
    String worse = withFinalizer;
    JsonNode changed =
        response(
            handler(ClusterState.NONE),
            Reviews.review(
                    "u-fin2", "UPDATE", "gateway.networking.x-k8s.io", "XBackend", "shop", worse)
                .replace("\"object\":", "\"oldObject\": " + fine + ", \"object\":"));
    assertFalse(changed.get("allowed").asBoolean(), changed.toString());
    assertTrue(changed.toString().contains("SPL133"), changed.toString());
  }

  @Test
  void cuttingNeverSplitsACodePoint() {
    String emoji = "\uD83C\uDF6A"; // a cookie, two chars
    String text = "x".repeat(AdmissionHandler.MAX_WARNING_LENGTH - 2) + emoji + "tail";
    String cut = AdmissionHandler.truncate(text);
    assertTrue(cut.length() <= AdmissionHandler.MAX_WARNING_LENGTH, cut);
    assertFalse(Character.isHighSurrogate(cut.charAt(cut.length() - 2)), "half a code point");
    assertTrue(cut.endsWith("\u2026"));
  }

  @Test
  void aLongDenialStillNamesEveryRule() throws Exception {
    // one message alone is over the limit (a __Host- cookie's long name and path, both quoted)
    String object =
        Reviews.backend(
            "{\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"__Host-"
                + "a".repeat(1500)
                + "\", \"path\": \"/"
                + "p".repeat(1600)
                + "\", \"lifetimeType\": \"Permanent\"}}");
    JsonNode r =
        response(
            handler(ClusterState.NONE),
            Reviews.review(
                "u-long", "CREATE", "gateway.networking.x-k8s.io", "XBackend", "shop", object));
    String message = r.get("status").get("message").asString();
    assertTrue(message.length() < 4000, message.length() + " characters");
    for (String rule : List.of("SPL132", "SPL133")) {
      assertTrue(message.contains(rule), rule + " missing from: " + message);
    }
  }

  static dev.spl.model.Finding finding(String rule, Severity severity, String field, String text) {
    return new dev.spl.model.Finding(
        rule,
        "n",
        severity,
        text,
        new dev.spl.model.SourcePosition("f", 1, 1),
        null,
        field,
        List.of());
  }

  @Test
  void aDenialItemisesWhatFitsAndNamesTheRest() {
    List<dev.spl.model.Finding> errors = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      errors.add(finding("SPL" + (100 + i), Severity.ERROR, "spec", "y".repeat(100)));
    }
    String m = AdmissionHandler.denial("HTTPRoute", "shop", "r", errors);
    assertTrue(m.startsWith("spl: HTTPRoute shop/r has 40 errors: [SPL100] spec: yyy"), m);
    // the 37-character head and 25 items of 117 characters fit in 3,000; the other 15 are named
    assertTrue(m.contains("[SPL124] spec: "), m);
    assertFalse(m.contains("[SPL125]"), m);
    assertTrue(m.contains("; and 15 more: SPL125, SPL126,"), m);
    assertTrue(m.endsWith("SPL139 (run spl lint for all)"), m);
    assertTrue(m.length() <= 3000 + 15 * 8 + 60, m.length() + " characters");
    // one error that alone is too long is cut, not dropped
    String one =
        AdmissionHandler.denial(
            "Service", "", "s", List.of(finding("SPL150", Severity.ERROR, "", "z".repeat(4000))));
    assertTrue(one.startsWith("spl: Service s has 1 error: [SPL150] zzz"), one);
    assertTrue(one.endsWith("\u2026") && one.length() < 1600, one.length() + " characters");
    // findings below error that reach failOn are called what they are
    String warned =
        AdmissionHandler.denial(
            "Service",
            "ns",
            "s",
            List.of(
                finding("SPL150", Severity.WARNING, "spec", "a"),
                finding("SPL151", Severity.ERROR, "spec", "b")));
    assertTrue(warned.startsWith("spl: Service ns/s has 2 findings at or above failOn: "), warned);
    assertEquals(
        "spl: Service ns/s has 1 finding at or above failOn: [SPL150] a",
        AdmissionHandler.denial(
            "Service", "ns", "s", List.of(finding("SPL150", Severity.WARNING, "", "a"))));
  }

  @Test
  void warningsListFiveAndSummariseOnlyBeyond() {
    List<dev.spl.model.Finding> five = new ArrayList<>();
    for (int i = 0; i < AdmissionHandler.MAX_WARNINGS; i++) {
      five.add(finding("SPL13" + i, Severity.WARNING, i == 0 ? "" : "spec", "m" + i));
    }
    List<String> all = AdmissionHandler.warnings(five);
    assertEquals(
        List.of(
            "SPL130 m0",
            "SPL131 spec: m1",
            "SPL132 spec: m2",
            "SPL133 spec: m3",
            "SPL134 spec: m4"),
        all);
    List<dev.spl.model.Finding> six = new ArrayList<>(five);
    six.add(finding("SPL140", Severity.WARNING, "spec", "m5"));
    List<String> some = AdmissionHandler.warnings(six);
    assertEquals(5, some.size());
    assertEquals("spl: 2 more warnings; run spl lint for all", some.get(4));
    // exactly the length limit is kept whole
    String exact = "x".repeat(AdmissionHandler.MAX_WARNING_LENGTH);
    assertEquals(exact, AdmissionHandler.truncate(exact));
    assertEquals(
        AdmissionHandler.MAX_WARNING_LENGTH, AdmissionHandler.truncate(exact + "y").length());
  }

  @Test
  void onlyReviewedKindsAndWritesAreRead() throws Exception {
    String otherGroup = Reviews.badBackend().replace("gateway.networking.x-k8s.io", "example.com");
    assertEquals("skipped", handler(ClusterState.NONE).review(JSON.readTree(otherGroup)).verdict());
    String connect = Reviews.badBackend().replace("\"CREATE\"", "\"CONNECT\"");
    assertEquals("skipped", handler(ClusterState.NONE).review(JSON.readTree(connect)).verdict());
    String update = Reviews.badBackend().replace("\"CREATE\"", "\"UPDATE\"");
    assertEquals("denied", handler(ClusterState.NONE).review(JSON.readTree(update)).verdict());
    assertEquals(
        "allowed",
        handler(ClusterState.NONE).review(JSON.readTree(Reviews.goodBackend())).verdict());
    assertEquals(
        "warned",
        handler(ClusterState.NONE).review(JSON.readTree(Reviews.warnedBackend())).verdict());
  }

  @Test
  void findingsAmongTheNeighboursAloneAreNotTheReviewedObjectsBusiness() throws Exception {
    // two cached routes collide with each other (SPL103); a Service under review is not blamed
    ClusterState cluster =
        clusterOf(
            """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: a, namespace: shop}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - backendRefs: [{name: legacy}]
            sessionPersistence: {cookie: {name: s}}
        ---
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: b, namespace: shop}
        spec:
          parentRefs: [{name: gw}]
          rules:
          - backendRefs: [{name: legacy}]
            sessionPersistence: {cookie: {name: s}}
        """);
    String service =
        Reviews.review(
            "u-svc",
            "CREATE",
            "",
            "Service",
            "shop",
            """
        {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "legacy", "namespace": "shop"},
         "spec": {"sessionAffinity": "None"}}
        """);
    AdmissionHandler.Outcome o = handler(cluster).review(JSON.readTree(service));
    assertEquals("allowed", o.verdict(), o.review().toString());
  }
}
