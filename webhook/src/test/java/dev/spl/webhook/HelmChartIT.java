package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The chart, rendered by real Helm (helm-java runs Helm's own Go code): lint passes, and each
 * rendering is parsed and checked for what a cautious admin relies on. The rendered manifests are
 * linted by spl itself too.
 */
class HelmChartIT {
  static final Path CHART = Path.of("..", "charts", "spl-webhook").toAbsolutePath().normalize();
  static final String NS = "spl-system";

  /** One rendering, its resources by kind. */
  record Rendered(List<Resource> resources) {
    Map<String, Object> one(String kind) {
      List<Resource> found = all(kind);
      assertEquals(1, found.size(), "expected one " + kind);
      return plain(found.get(0));
    }

    List<Resource> all(String kind) {
      return resources.stream().filter(r -> r.kind().equals(kind)).toList();
    }

    /** The one {@code kind} named {@code name}. */
    Map<String, Object> named(String kind, String name) {
      List<Resource> found = all(kind).stream().filter(r -> r.name().equals(name)).toList();
      assertEquals(1, found.size(), "expected one " + kind + " " + name);
      return plain(found.get(0));
    }
  }

  static final String FULLNAME = "spl-spl-webhook";

  @SuppressWarnings("unchecked")
  static Map<String, Object> plain(Resource r) {
    return (Map<String, Object>) r.root().toPlain();
  }

  @SuppressWarnings("unchecked")
  static <T> T at(Object node, Object... path) {
    Object n = node;
    for (Object p : path) {
      n = p instanceof Integer i ? ((List<Object>) n).get(i) : ((Map<String, Object>) n).get(p);
      if (n == null) {
        return null;
      }
    }
    return (T) n;
  }

  static Rendered render(Consumer<TemplateCommand> values) {
    TemplateCommand template =
        new Helm(CHART).template().withName("spl").withNamespace(NS).withKubeVersion("1.30.0");
    values.accept(template);
    String yaml = template.call();
    LoadedInput input = new ManifestLoader().loadText("rendered.yaml", yaml);
    assertEquals(
        List.of(),
        input.problems(),
        "every rendered document is valid YAML with apiVersion and kind");
    List<Finding> errors =
        new Engine()
            .lint(input, LintOptions.defaults()).findings().stream()
                .filter(f -> f.severity() == Severity.ERROR)
                .toList();
    assertEquals(List.of(), errors, "spl finds no error in its own chart");
    return new Rendered(input.resources());
  }

  @Test
  void aClusterOlderThanTheChartsPoliciesNeedIsRefusedByHelm() {
    // the label guard policy and the matchConditions need ValidatingAdmissionPolicy (GA in 1.30)
    RuntimeException refused =
        org.junit.jupiter.api.Assertions.assertThrows(
            RuntimeException.class,
            () -> new Helm(CHART).template().withName("spl").withKubeVersion("1.29.0").call());
    org.junit.jupiter.api.Assertions.assertTrue(
        refused.getMessage().contains("kubeVersion"), refused.getMessage());
  }

  @Test
  void helmLintPasses() {
    LintResult result = new Helm(CHART).lint().strict().call();
    assertFalse(result.isFailed(), String.join("\n", result.getMessages()));
  }

  /**
   * The webhook's match condition, evaluated with cel-java as the API server would: Services are
   * sent only when some rule can say something of them; every other reviewed kind always.
   */
  @Test
  void theMatchConditionSendsTheServicesRulesRead() throws Exception {
    Rendered r = render(t -> t.set("certManager.enabled", "false"));
    Map<String, Object> hook = at(r.one("ValidatingWebhookConfiguration"), "webhooks", 0);
    String expression = at(hook, "matchConditions", 0, "expression");
    var compiler =
        dev.cel.compiler.CelCompilerFactory.standardCelCompilerBuilder()
            .setStandardMacros(dev.cel.parser.CelStandardMacro.STANDARD_MACROS)
            .addVar("object", dev.cel.common.types.SimpleType.DYN)
            .addVar("request", dev.cel.common.types.SimpleType.DYN)
            .build();
    var program =
        dev.cel.runtime.CelRuntimeFactory.standardCelRuntimeBuilder()
            .build()
            .createProgram(compiler.compile(expression).getAst());
    java.util.function.BiFunction<String, Map<String, Object>, Object> sent =
        (resource, object) -> {
          try {
            return program.eval(
                Map.of(
                    "request", Map.of("resource", Map.of("resource", resource)), "object", object));
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        };
    Map<String, Object> plain = Map.of("metadata", Map.of("name", "s"), "spec", Map.of());
    assertEquals(false, sent.apply("services", plain));
    assertEquals(
        true,
        sent.apply(
            "services",
            Map.of(
                "metadata", Map.of("name", "s"), "spec", Map.of("sessionAffinity", "ClientIP"))));
    assertEquals(
        true,
        sent.apply(
            "services",
            Map.of(
                "metadata",
                Map.of(
                    "name",
                    "s",
                    "annotations",
                    Map.of("traefik.ingress.kubernetes.io/service.nativelb", "true")),
                "spec",
                Map.of())),
        "SPL502 reads Traefik's service annotations");
    assertEquals(true, sent.apply("ingresses", plain));
    assertEquals(true, sent.apply("destinationrules", plain));
    // Every Service an example finds something on, with the rules a review runs, reaches the
    // webhook through the rendered chart's condition (before, the chart dropped the Services of
    // SPL601, SPL604, SPL707, SPL901 and SPL951: their filter was written by hand).
    dev.spl.Engine engine = new dev.spl.Engine();
    java.util.Set<String> lintOnly =
        dev.spl.catalogue.BuiltInRules.all().stream()
            .filter(
                rule -> {
                  var d = rule.getClass().getAnnotation(dev.spl.rules.RuleDefinition.class);
                  return d != null && d.lintOnly();
                })
            .map(rule -> rule.info().id())
            .collect(java.util.stream.Collectors.toSet());
    int services = 0;
    try (var folders = java.nio.file.Files.list(java.nio.file.Path.of("..", "examples"))) {
      for (java.nio.file.Path folder : folders.sorted().toList()) {
        java.nio.file.Path bad = folder.resolve("bad.yaml");
        if (!java.nio.file.Files.isRegularFile(bad)) {
          continue;
        }
        dev.spl.load.LoadedInput input =
            new dev.spl.load.ManifestLoader().load(List.of(bad.toString()), () -> null);
        var reviewed = AdmissionHandler.reviewing(dev.spl.LintOptions.defaults());
        for (dev.spl.model.Finding f : engine.lint(input, reviewed).findings()) {
          if (f.resource() == null
              || !f.resource().kind().equals("Service")
              || lintOnly.contains(f.ruleId())) {
            continue; // a rule whose input only lint sees (SPL154: defaulting clears it first)
          }
          dev.spl.model.Resource service =
              input.resources().stream()
                  .filter(o -> o.ref().equals(f.resource()))
                  .findFirst()
                  .orElseThrow();
          @SuppressWarnings("unchecked")
          Map<String, Object> object = (Map<String, Object>) service.root().toPlain();
          assertEquals(true, sent.apply("services", object), f.ruleId() + " on " + bad);
          services++;
        }
      }
    }
    assertTrue(services >= 10, services + " Service findings in the examples");
  }

  @Test
  void defaultsAreCautious() throws Exception {
    Rendered r = render(t -> {});
    Map<String, Object> deployment = r.one("Deployment");
    assertEquals(2L, (Long) at(deployment, "spec", "replicas"));
    Map<String, Object> webhookConfig = r.one("ValidatingWebhookConfiguration");
    Map<String, Object> hook = at(webhookConfig, "webhooks", 0);
    assertEquals("Ignore", hook.get("failurePolicy"));
    assertEquals(5L, hook.get("timeoutSeconds"));
    assertEquals("None", hook.get("sideEffects"));
    assertEquals(List.of("v1"), hook.get("admissionReviewVersions"));
    List<String> excluded = at(hook, "namespaceSelector", "matchExpressions", 0, "values");
    assertTrue(excluded.containsAll(List.of("kube-system", NS)), excluded.toString());
    assertNotNull(at(hook, "matchConditions", 0, "expression"));

    // The webhook points at the Service, on its port, at /validate.
    Map<String, Object> service = r.one("Service");
    assertEquals(
        (Object) at(service, "metadata", "name"), at(hook, "clientConfig", "service", "name"));
    assertEquals((Object) NS, at(hook, "clientConfig", "service", "namespace"));
    assertEquals((Object) "/validate", at(hook, "clientConfig", "service", "path"));
    assertEquals(
        (Object) at(service, "spec", "ports", 0, "port"),
        at(hook, "clientConfig", "service", "port"));

    // By default the webhook manages its certificate: it is told where, and may do just that.
    List<String> args = at(deployment, "spec", "template", "spec", "containers", 0, "args");
    assertTrue(args.contains("--managed-tls-secret=" + FULLNAME + "-tls"), args.toString());
    assertTrue(args.contains("--managed-tls-webhook=" + FULLNAME), args.toString());
    assertTrue(
        args.contains(
            "--managed-tls-dns="
                + FULLNAME
                + ","
                + FULLNAME
                + "."
                + NS
                + ","
                + FULLNAME
                + "."
                + NS
                + ".svc"),
        args.toString());
    assertNotNull(at(deployment, "spec", "template", "spec", "volumes", 0, "emptyDir"));
    assertTrue(r.all("Secret").isEmpty(), "the webhook writes its Secret");
    assertTrue(r.all("Certificate").isEmpty(), "no cert-manager needed");
    assertNull(at(hook, "clientConfig", "caBundle"), "set by the webhook at start");
    Map<String, Object> secrets = r.named("Role", FULLNAME + "-tls");
    assertEquals(
        List.of(
            Map.of(
                "apiGroups",
                List.of(""),
                "resources",
                List.of("secrets"),
                "verbs",
                List.of("create")),
            Map.of(
                "apiGroups",
                List.of(""),
                "resources",
                List.of("secrets"),
                "verbs",
                List.of("get", "update"),
                "resourceNames",
                List.of(FULLNAME + "-tls"))),
        at(secrets, "rules"));
    assertEquals(
        List.of(
            Map.of(
                "apiGroups",
                List.of("admissionregistration.k8s.io"),
                "resources",
                List.of("validatingwebhookconfigurations"),
                "verbs",
                List.of("get", "update"),
                "resourceNames",
                List.of(FULLNAME))),
        at(r.named("ClusterRole", FULLNAME + "-tls"), "rules"));
    assertEquals(
        Boolean.TRUE, at(deployment, "spec", "template", "spec", "automountServiceAccountToken"));

    assertNotNull(r.one("PodDisruptionBudget"));
    assertTrue(r.all("ServiceMonitor").isEmpty());
  }

  @Test
  void podIsRestrictedAndProbed() {
    Map<String, Object> pod = at(render(t -> {}).one("Deployment"), "spec", "template", "spec");
    Map<String, Object> container = at(pod, "containers", 0);
    assertEquals(Boolean.TRUE, (Object) at(pod, "securityContext", "runAsNonRoot"));
    assertEquals((Object) "RuntimeDefault", at(pod, "securityContext", "seccompProfile", "type"));
    assertEquals(
        Boolean.FALSE, (Object) at(container, "securityContext", "allowPrivilegeEscalation"));
    assertEquals(Boolean.TRUE, (Object) at(container, "securityContext", "readOnlyRootFilesystem"));
    assertEquals((Object) List.of("ALL"), at(container, "securityContext", "capabilities", "drop"));
    assertEquals((Object) "/healthz", at(container, "livenessProbe", "httpGet", "path"));
    assertEquals((Object) "/readyz", at(container, "readinessProbe", "httpGet", "path"));
    assertEquals((Object) "HTTPS", at(container, "readinessProbe", "httpGet", "scheme"));
    assertNotNull(at(container, "resources", "limits", "memory"));
    assertNotNull(at(pod, "topologySpreadConstraints", 0));
  }

  @Test
  void rbacOnlyReads() {
    Map<String, Object> role = render(t -> {}).named("ClusterRole", FULLNAME);
    List<Map<String, Object>> rules = at(role, "rules");
    for (Map<String, Object> rule : rules) {
      assertTrue(
          Set.of("get", "list", "watch").containsAll((List<?>) rule.get("verbs")), rule.toString());
    }
    // exactly the kinds the engine reads, group by group, and the CRDs of those that carry
    // persistence, by name (the webhook reads which release the cluster runs)
    Map<String, Object> crds =
        rules.stream()
            .filter(x -> ((List<?>) x.get("apiGroups")).contains("apiextensions.k8s.io"))
            .findFirst()
            .orElseThrow();
    assertEquals(List.of("get"), crds.get("verbs"));
    assertEquals(
        dev.spl.model.KindCatalogue.all().stream()
            .filter(k -> k.attachment() != null)
            .map(k -> k.plural() + "." + k.group())
            .toList(),
        crds.get("resourceNames"));
    // (Envoy Gateway's Deployment, read for its release, is among the cached kinds.)
    rules = rules.stream().filter(x -> x != crds).toList();
    Set<String> granted = new java.util.TreeSet<>();
    for (Map<String, Object> rule : rules) {
      for (Object group : (List<?>) rule.get("apiGroups")) {
        for (Object resource : (List<?>) rule.get("resources")) {
          granted.add(group + "/" + resource);
        }
      }
    }
    Set<String> read = new java.util.TreeSet<>();
    dev.spl.model.KindCatalogue.all().forEach(k -> read.add(k.group() + "/" + k.plural()));
    assertEquals(read, granted);
    assertTrue(
        render(t -> t.set("watchCluster", "false")).all("ClusterRole").stream()
            .noneMatch(c -> c.name().equals(FULLNAME)));
    assertTrue(
        render(t -> {}).all("Role").stream().noneMatch(r -> r.name().endsWith("-audit-lease")),
        "no Lease access unless the audit is on");
  }

  @Test
  void theAuditGetsExactlyTheVerbsItUses() {
    Rendered r = render(t -> t.set("audit.enabled", "true").set("audit.interval", "PT2M"));
    List<Map<String, Object>> rules = at(r.named("ClusterRole", FULLNAME), "rules");
    Map<String, Object> reports =
        rules.stream()
            .filter(x -> ((List<?>) x.get("apiGroups")).contains("wgpolicyk8s.io"))
            .findFirst()
            .orElseThrow();
    assertEquals(List.of("policyreports", "clusterpolicyreports"), reports.get("resources"));
    assertEquals(List.of("get", "create", "update", "delete"), reports.get("verbs"));
    // every other rule still only reads
    rules.stream()
        .filter(x -> x != reports)
        .filter(x -> !x.containsKey("resourceNames"))
        .forEach(x -> assertEquals(List.of("get", "list", "watch"), x.get("verbs")));
    Map<String, Object> role = r.named("Role", FULLNAME + "-audit-lease");
    assertEquals(NS, at(role, "metadata", "namespace"));
    assertEquals(
        List.of(
            Map.of(
                "apiGroups",
                List.of("coordination.k8s.io"),
                "resources",
                List.of("leases"),
                "verbs",
                List.of("get", "create", "update"))),
        at(role, "rules"));
    assertNotNull(r.named("RoleBinding", FULLNAME + "-audit-lease"));
    Map<String, Object> container =
        at(r.one("Deployment"), "spec", "template", "spec", "containers", 0);
    List<String> args = at(container, "args");
    assertTrue(
        args.contains("--audit=true") && args.contains("--audit-interval=PT2M"), args.toString());
    List<Map<String, Object>> env = at(container, "env");
    assertTrue(env.stream().anyMatch(e -> "POD_NAMESPACE".equals(e.get("name"))), env.toString());
    List<String> defaults =
        at(render(t -> {}).one("Deployment"), "spec", "template", "spec", "containers", 0, "args");
    assertTrue(defaults.contains("--audit=false"), defaults.toString());
  }

  @Test
  void theWebhookReviewsExactlyTheEnginesReviewedKinds() {
    Map<String, Object> config = render(t -> {}).one("ValidatingWebhookConfiguration");
    List<Map<String, Object>> rules = at(config, "webhooks", 0, "rules");
    Set<String> matched = new java.util.TreeSet<>();
    for (Map<String, Object> rule : rules) {
      assertEquals(List.of("CREATE", "UPDATE"), rule.get("operations"));
      for (Object group : (List<?>) rule.get("apiGroups")) {
        for (Object resource : (List<?>) rule.get("resources")) {
          matched.add(group + "/" + resource);
        }
      }
    }
    Set<String> reviewed = new java.util.TreeSet<>();
    dev.spl.catalogue.BuiltInRules.reviewedKinds()
        .forEach(k -> reviewed.add(k.group() + "/" + k.plural()));
    assertEquals(reviewed, matched);
  }

  @Test
  void certManagerWhenEnabled() {
    Rendered r = render(t -> t.set("certManager.enabled", "true"));
    // a CA certificate from a self-signed root, and the serving certificate from a CA Issuer: the
    // caBundle (the CA) outlives every renewal of the serving certificate
    List<Map<String, Object>> certificates =
        r.all("Certificate").stream().map(HelmChartIT::plain).toList();
    assertEquals(2, certificates.size());
    Map<String, Object> ca =
        certificates.stream()
            .filter(c -> Boolean.TRUE.equals(at(c, "spec", "isCA")))
            .findFirst()
            .orElseThrow();
    Map<String, Object> certificate =
        certificates.stream().filter(c -> c != ca).findFirst().orElseThrow();
    String caIssuer = at(certificate, "spec", "issuerRef", "name");
    Map<String, Object> issuer =
        r.all("Issuer").stream()
            .map(HelmChartIT::plain)
            .filter(i -> caIssuer.equals(at(i, "metadata", "name")))
            .findFirst()
            .orElseThrow();
    assertEquals((Object) at(ca, "spec", "secretName"), at(issuer, "spec", "ca", "secretName"));
    Map<String, Object> hook = at(r.one("ValidatingWebhookConfiguration"), "webhooks", 0);
    assertNull(at(hook, "clientConfig", "caBundle"));
    String injectFrom =
        at(
            r.one("ValidatingWebhookConfiguration"),
            "metadata",
            "annotations",
            "cert-manager.io/inject-ca-from");
    assertEquals(NS + "/" + at(certificate, "metadata", "name"), injectFrom);
    assertEquals(
        (Object) at(certificate, "spec", "secretName"),
        at(r.one("Deployment"), "spec", "template", "spec", "volumes", 0, "secret", "secretName"));
    assertTrue(r.all("Secret").isEmpty(), "cert-manager writes the Secret");
    assertTrue(r.all("Role").stream().noneMatch(x -> x.name().endsWith("-tls")));
  }

  @Test
  void modesAndConfigurationReachTheWebhook() throws Exception {
    Rendered r =
        render(
            t ->
                t.set("mode", "warn")
                    .set("config.failOn", "warning")
                    .set("config.admission.allowAnnotationSuppressions", "none"));
    Map<String, Object> config = r.one("ValidatingWebhookConfiguration");
    List<Map<String, Object>> hooks = at(config, "webhooks");
    assertEquals(2, hooks.size());
    Map<String, Object> enforced = hooks.get(0);
    Map<String, Object> warned = hooks.get(1);
    assertEquals("/validate", at(enforced, "clientConfig", "service", "path"));
    assertEquals("/validate/warn", at(warned, "clientConfig", "service", "path"));
    // spl.dev/mode=warn namespaces go to the warn path only; audit-only ones to neither
    Map<String, Object> enforcedMode = at(enforced, "namespaceSelector", "matchExpressions", 1);
    Map<String, Object> warnedMode = at(warned, "namespaceSelector", "matchExpressions", 1);
    assertEquals("spl.dev/mode", enforcedMode.get("key"));
    assertEquals("NotIn", enforcedMode.get("operator"));
    assertEquals(List.of("warn", "audit-only"), enforcedMode.get("values"));
    assertEquals("In", warnedMode.get("operator"));
    assertEquals(List.of("warn"), warnedMode.get("values"));
    // both review the same kinds, with the same exemptions
    assertEquals(enforced.get("rules"), warned.get("rules"));
    assertEquals("spl.dev/exempt", at(enforced, "objectSelector", "matchExpressions", 0, "key"));
    assertEquals(enforced.get("objectSelector"), warned.get("objectSelector"));

    Map<String, Object> pod = at(r.one("Deployment"), "spec", "template", "spec");
    List<String> args = at(pod, "containers", 0, "args");
    assertTrue(
        args.contains("--mode=warn") && args.contains("--config=/etc/spl/spl.yaml"),
        args.toString());
    String file = at(r.one("ConfigMap"), "data", "spl.yaml");
    // the file the webhook reads is one spl itself accepts
    Path written = Files.writeString(Files.createTempFile("spl", ".yaml"), file);
    dev.spl.config.SplConfig parsed = dev.spl.config.SplConfig.load(written);
    assertEquals(dev.spl.config.FailOn.WARNING, parsed.failOn());
    assertEquals(
        dev.spl.rules.AnnotationSuppressions.NONE, parsed.admission().annotationSuppressions());
    // the default configuration is an empty one, also accepted
    String empty = at(render(t -> {}).one("ConfigMap"), "data", "spl.yaml");
    dev.spl.config.SplConfig.load(Files.writeString(Files.createTempFile("spl", ".yaml"), empty));
  }

  @Test
  void theDashboardQueriesOnlyMetricsTheWebhookExports() throws Exception {
    assertTrue(
        render(t -> {}).all("ConfigMap").stream().noneMatch(c -> c.name().endsWith("-dashboard")));
    Map<String, Object> dashboard =
        plain(
            render(t -> t.set("metrics.grafanaDashboard.enabled", "true")).all("ConfigMap").stream()
                .filter(c -> c.name().endsWith("-dashboard"))
                .findFirst()
                .orElseThrow());
    assertEquals("1", at(dashboard, "metadata", "labels", "grafana_dashboard"));
    tools.jackson.databind.JsonNode json =
        tools.jackson.databind.json.JsonMapper.builder()
            .build()
            .readTree((String) at(dashboard, "data", "spl.json"));
    // what a webhook with a review, a finding and an audit exports, read from its real exposition
    WebhookMetrics metrics = new WebhookMetrics();
    metrics.recordReview(
        new AdmissionHandler.Outcome(
            null,
            "u",
            "HTTPRoute",
            "CREATE",
            "ns",
            "n",
            false,
            "denied",
            List.of(
                new dev.spl.model.Finding(
                    "SPL021",
                    "invalid-duration",
                    Severity.ERROR,
                    "m",
                    new dev.spl.model.SourcePosition("f", 1, 1),
                    null,
                    "",
                    List.of())),
            false),
        0.001);
    metrics.watch(
        new WebhookMetrics.AuditState() {
          @Override
          public Map<String, Long> violations() {
            return Map.of("SPL021|shop", 1L);
          }

          @Override
          public boolean leading() {
            return true;
          }

          @Override
          public long reportWrites() {
            return 1;
          }
        });
    ClusterState synced =
        new ClusterState() {
          @Override
          public List<dev.spl.index.LiveIndex.Entry> neighbours(Resource reviewed) {
            return List.of();
          }

          @Override
          public int size() {
            return 1;
          }

          @Override
          public Map<String, Boolean> syncState() {
            return Map.of("gateway.networking.k8s.io/HTTPRoute", true);
          }

          @Override
          public Map<String, String> skipped() {
            return Map.of();
          }
        };
    Set<String> exported = new java.util.TreeSet<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "^# TYPE (spl_[a-z_]+) (\\w+)", java.util.regex.Pattern.MULTILINE)
            .matcher(metrics.scrape(synced, 0, AdmissionConfig.none()));
    while (m.find()) {
      String name = m.group(1);
      exported.add(name);
      if (m.group(2).equals("counter")) {
        exported.add(name + "_total");
      }
      if (m.group(2).equals("histogram")) {
        exported.add(name + "_bucket");
      }
    }
    int queries = 0;
    for (tools.jackson.databind.JsonNode panel : json.get("panels")) {
      for (tools.jackson.databind.JsonNode target : panel.get("targets")) {
        java.util.regex.Matcher used =
            java.util.regex.Pattern.compile("spl_[a-z_]+").matcher(target.get("expr").asString());
        while (used.find()) {
          queries++;
          assertTrue(
              exported.contains(used.group()),
              used.group() + " is not exported; exported: " + exported);
        }
      }
    }
    assertTrue(queries >= 12, "the dashboard queries " + queries + " metrics");
  }

  @Test
  void namespacesAreExemptedByLabelToo() {
    Map<String, Object> hook =
        at(
            render(
                    t ->
                        t.set("webhook.namespaceSelectorExpressions[0].key", "team")
                            .set("webhook.namespaceSelectorExpressions[0].operator", "NotIn")
                            .set("webhook.namespaceSelectorExpressions[0].values[0]", "platform"))
                .one("ValidatingWebhookConfiguration"),
            "webhooks",
            1);
    assertEquals(
        Map.of("key", "team", "operator", "NotIn", "values", List.of("platform")),
        at(hook, "namespaceSelector", "matchExpressions", 2));
  }

  @Test
  void policiesModeVapInstallsPoliciesAndNothingElse() {
    // webhook mode: no rule's policy, only the label guard (the webhook's objectSelector reads
    // spl.dev/exempt)
    assertEquals(
        List.of("spl-spl-webhook-label-guard"), // release "spl"
        render(t -> {}).all("ValidatingAdmissionPolicy").stream().map(Resource::name).toList(),
        "webhook mode");
    Rendered vap = render(t -> t.set("policies.mode", "vap"));
    assertTrue(vap.all("Deployment").isEmpty());
    assertTrue(vap.all("ValidatingWebhookConfiguration").isEmpty());
    assertTrue(vap.all("Service").isEmpty() && vap.all("Secret").isEmpty());
    assertTrue(vap.all("ClusterRole").isEmpty() && vap.all("Certificate").isEmpty());
    // latest is v1.6: the policies spl generates for it, one binding each
    List<String> names =
        vap.all("ValidatingAdmissionPolicy").stream().map(Resource::name).sorted().toList();
    assertEquals(
        List.of(
            "spl003-suppression-without-reason",
            "spl102-session-name-collision-across-rules",
            "spl133-permanent-zero-lifetime",
            "spl140-grpc-cookie-persistence",
            "spl151-client-ip-affinity-inert",
            "spl251-ngf-hash-through-cluster-ip",
            "spl301-istio-cookie-hash-passive",
            "spl401-envoy-gateway-cookie-hash-passive",
            "spl451-kgateway-cookie-hash-passive",
            "spl452-kgateway-cookie-samesite-none-insecure",
            "spl502-traefik-sticky-native-lb",
            "spl701-gke-cookie-ttl-without-cookie",
            "spl702-gke-client-ip-proto-affinity",
            "spl703-gke-policy-target-invalid",
            "spl706-gke-ingress-affinity-annotation",
            "spl709-gke-stateful-cookie-ttl-refused",
            "spl801-contour-strategy-unknown",
            "spl803-contour-sticky-on-tcpproxy",
            "spl901-haproxy-dynamic-cookie-public-key",
            "spl951-haproxy-ingress-affinity-unknown",
            "spl952-haproxy-ingress-cookie-domain-mismatch"),
        names);
    assertEquals(names.size(), vap.all("ValidatingAdmissionPolicyBinding").size());
    Map<String, Object> policy = plain(vap.all("ValidatingAdmissionPolicy").get(0));
    assertEquals("spl-webhook", at(policy, "metadata", "labels", "app.kubernetes.io/name"));
    assertNull(at(policy, "metadata", "namespace"), "cluster-scoped");
    // the variables SPL102's validations read come through the chart in order
    Map<String, Object> collisions =
        vap.all("ValidatingAdmissionPolicy").stream()
            .filter(p -> p.name().startsWith("spl102"))
            .map(HelmChartIT::plain)
            .findFirst()
            .orElseThrow();
    assertEquals("rules", at(collisions, "spec", "variables", 0, "name"));
    assertEquals("clashes", at(collisions, "spec", "variables", 7, "name"));

    Rendered main =
        render(
            t ->
                t.set("policies.mode", "vap")
                    .set("gatewayApiVersion", "main")
                    .set("config.rules.SPL133", "off")
                    .set("config.rules.client-ip-affinity-inert", "error"));
    List<String> mainNames =
        main.all("ValidatingAdmissionPolicy").stream().map(Resource::name).sorted().toList();
    // a policy per rule with a check at main, less the rule the configuration turns off
    List<String> expected =
        dev.spl.apiserver.policies.ApiServerPolicies.all().stream()
            .filter(p -> p.policyCheck(dev.spl.schema.GatewayApiVersion.MAIN).isPresent())
            .map(p -> dev.spl.rules.RuleInfo.of(p.rule()))
            .filter(r -> !r.id().equals("SPL133"))
            .map(r -> r.id().toLowerCase(java.util.Locale.ROOT) + "-" + r.name())
            .sorted()
            .toList();
    assertEquals(expected, mainNames);
    assertTrue(mainNames.stream().noneMatch(n -> n.startsWith("spl133")), "off in config");
    Map<String, Object> inert =
        main.all("ValidatingAdmissionPolicyBinding").stream()
            .filter(b -> b.name().startsWith("spl151"))
            .map(HelmChartIT::plain)
            .findFirst()
            .orElseThrow();
    assertEquals(List.of("Deny"), at(inert, "spec", "validationActions"), "its level from config");
  }

  @Test
  void failurePolicyFailAlsoDeniesWhatTheWebhookCouldNotCheck() {
    List<String> fail =
        at(
            render(t -> t.set("webhook.failurePolicy", "Fail")).one("Deployment"),
            "spec",
            "template",
            "spec",
            "containers",
            0,
            "args");
    assertTrue(fail.contains("--fail-closed=true"), fail.toString());
    List<String> ignore =
        at(render(t -> {}).one("Deployment"), "spec", "template", "spec", "containers", 0, "args");
    assertTrue(ignore.contains("--fail-closed=false"), ignore.toString());
  }

  @Test
  void policiesModeBothKeepsTheWebhookForTheRest() {
    Rendered both = render(t -> t.set("policies.mode", "both"));
    // a policy per rule with a check at the chart's default version (latest)
    long policies =
        dev.spl.apiserver.policies.ApiServerPolicies.all().stream()
            .filter(p -> p.policyCheck(dev.spl.schema.GatewayApiVersion.NEWEST_RELEASE).isPresent())
            .count();
    assertEquals(
        policies,
        both.all("ValidatingAdmissionPolicy").stream()
            .filter(p -> !p.name().endsWith("-label-guard"))
            .count());
    List<String> args =
        at(both.one("Deployment"), "spec", "template", "spec", "containers", 0, "args");
    assertTrue(args.contains("--skip-policy-rules=true"), args.toString());
    assertNotNull(both.one("ValidatingWebhookConfiguration"));
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class, () -> render(t -> t.set("policies.mode", "cel")));
    assertTrue(
        String.valueOf(e.getMessage()).contains("policies.mode must be webhook, vap or both"));
  }

  @Test
  void autoIsTheWebhooksAloneAndRefusedWherePoliciesNeedAVersion() {
    List<String> args =
        at(
            render(t -> t.set("gatewayApiVersion", "auto")).one("Deployment"),
            "spec",
            "template",
            "spec",
            "containers",
            0,
            "args");
    assertTrue(args.contains("--gateway-api-version=auto"), args.toString());
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class,
            () -> render(t -> t.set("gatewayApiVersion", "auto").set("policies.mode", "vap")));
    assertTrue(
        String.valueOf(e.getMessage()).contains("gatewayApiVersion auto is for the webhook alone"),
        e.getMessage());
  }

  @Test
  void anUnknownModeIsRefusedAtRenderTime() {
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class, () -> render(t -> t.set("mode", "loud")));
    assertTrue(
        String.valueOf(e.getMessage()).contains("mode must be enforce, warn or audit-only"),
        e.getMessage());
  }

  @Test
  void anExistingSecretRendersTheSameEveryTime() {
    java.util.function.Consumer<TemplateCommand> gitops =
        t -> t.set("tls.existingSecret", "spl-serving").set("tls.caBundle", "Q0E=");
    Rendered first = render(gitops);
    assertTrue(first.all("Secret").isEmpty(), "the user's Secret is used, none generated");
    assertTrue(first.all("Certificate").isEmpty(), "a Secret of the user's wins over cert-manager");
    assertEquals(
        "spl-serving",
        at(
            first.one("Deployment"),
            "spec",
            "template",
            "spec",
            "volumes",
            0,
            "secret",
            "secretName"));
    assertEquals(
        "Q0E=",
        at(first.one("ValidatingWebhookConfiguration"), "webhooks", 0, "clientConfig", "caBundle"));
    assertEquals(
        first.resources().stream().map(HelmChartIT::plain).toList(),
        render(gitops).resources().stream().map(HelmChartIT::plain).toList());
  }

  @Test
  void aSingleReplicaGetsNoDisruptionBudgetAndPriorityIsOneValueAway() {
    assertTrue(render(t -> t.set("replicaCount", "1")).all("PodDisruptionBudget").isEmpty());
    assertEquals(1, render(t -> {}).all("PodDisruptionBudget").size());
    assertEquals(
        "system-cluster-critical",
        at(
            render(t -> t.set("priorityClassName", "system-cluster-critical")).one("Deployment"),
            "spec",
            "template",
            "spec",
            "priorityClassName"));
  }

  @Test
  void failurePolicyFailAndReplicasAreOneValueAway() {
    Map<String, Object> hook =
        at(
            render(t -> t.set("webhook.failurePolicy", "Fail"))
                .one("ValidatingWebhookConfiguration"),
            "webhooks",
            0);
    assertEquals("Fail", hook.get("failurePolicy"));
    assertEquals(
        3L,
        (Long) at(render(t -> t.set("replicaCount", "3")).one("Deployment"), "spec", "replicas"));
    assertEquals(
        1,
        render(t -> t.set("metrics.serviceMonitor.enabled", "true")).all("ServiceMonitor").size());
  }

  private static X509Certificate certificate(String base64Pem) throws Exception {
    byte[] pem = Base64.getDecoder().decode(base64Pem);
    return (X509Certificate)
        CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem));
  }

  @Test
  void aNetworkPolicyLetsInOnlyTheApiServerAndTheScraper() {
    assertTrue(render(t -> {}).all("NetworkPolicy").isEmpty());
    Map<String, Object> policy =
        render(
                t ->
                    t.set("networkPolicy.enabled", "true")
                        .set("networkPolicy.apiServerCIDRs[0]", "10.0.0.1/32"))
            .one("NetworkPolicy");
    // the API server to the reviews' port, the scraper to the metrics port: neither to the other
    List<Map<String, Object>> reviews = at(policy, "spec", "ingress", 0, "from");
    assertEquals(1, reviews.size());
    assertEquals("10.0.0.1/32", at(reviews.get(0), "ipBlock", "cidr"));
    assertEquals("https", at(policy, "spec", "ingress", 0, "ports", 0, "port"));
    List<Map<String, Object>> scrape = at(policy, "spec", "ingress", 1, "from");
    assertEquals(
        "monitoring",
        at(scrape.get(0), "namespaceSelector", "matchLabels", "kubernetes.io/metadata.name"));
    assertEquals("metrics", at(policy, "spec", "ingress", 1, "ports", 0, "port"));
    assertEquals(List.of("Ingress"), at(policy, "spec", "policyTypes"));
  }

  @Test
  void metricsAreServedOnAPortOfTheirOwn() {
    Rendered r =
        render(
            t ->
                t.set("certManager.enabled", "false")
                    .set("metrics.serviceMonitor.enabled", "true"));
    Map<String, Object> container =
        at(r.one("Deployment"), "spec", "template", "spec", "containers", 0);
    List<String> args = at(container, "args");
    assertTrue(args.contains("--metrics-port=9443"), args.toString());
    assertEquals("metrics", at(container, "ports", 1, "name"));
    assertEquals("metrics", at(r.one("Service"), "spec", "ports", 1, "name"));
    assertEquals("metrics", at(r.one("ServiceMonitor"), "spec", "endpoints", 0, "port"));
  }

  /**
   * The label guard, evaluated with cel-java as the API server evaluates a ValidatingAdmission
   * Policy: setting, changing or removing spl.dev/exempt (an object) or spl.dev/mode (a namespace)
   * is denied outside the groups named; every other change passes.
   */
  @Test
  void onlyTheNamedGroupsMaySetTheLabelsThatTurnSplOff() throws Exception {
    Rendered r =
        render(t -> t.set("certManager.enabled", "false").set("labelGuard.groups[0]", "platform"));
    Map<String, Object> policy =
        r.all("ValidatingAdmissionPolicy").stream()
            .filter(p -> p.name().endsWith("-label-guard"))
            .map(HelmChartIT::plain)
            .findFirst()
            .orElseThrow();
    List<Map<String, Object>> rules = at(policy, "spec", "matchConstraints", "resourceRules");
    assertTrue(rules.stream().anyMatch(m -> at(m, "resources").equals(List.of("namespaces"))));
    assertTrue(rules.stream().anyMatch(m -> at(m, "resources").equals(List.of("httproutes"))));
    var compiler =
        dev.cel.compiler.CelCompilerFactory.standardCelCompilerBuilder()
            .setStandardMacros(dev.cel.parser.CelStandardMacro.STANDARD_MACROS)
            .addVar("object", dev.cel.common.types.SimpleType.DYN)
            .addVar("oldObject", dev.cel.common.types.SimpleType.DYN)
            .addVar("request", dev.cel.common.types.SimpleType.DYN)
            .addVar("variables", dev.cel.common.types.SimpleType.DYN)
            .build();
    var runtime = dev.cel.runtime.CelRuntimeFactory.standardCelRuntimeBuilder().build();
    List<Map<String, Object>> variables = at(policy, "spec", "variables");
    String validation = at(policy, "spec", "validations", 0, "expression");
    // allowed(kind, old labels or null for a CREATE, new labels, the user's groups)
    interface Verdict {
      boolean allowed(String kind, Map<String, Object> old, Map<String, Object> now, String group)
          throws Exception;
    }
    Verdict verdict =
        (kind, old, now, group) -> {
          Map<String, Object> vars = new java.util.HashMap<>();
          Map<String, Object> in = new java.util.HashMap<>();
          in.put("object", Map.of("metadata", Map.of("name", "x", "labels", now)));
          in.put(
              "oldObject",
              old == null
                  ? dev.cel.common.values.NullValue.NULL_VALUE
                  : Map.of("metadata", Map.of("name", "x", "labels", old)));
          in.put(
              "request",
              Map.of("kind", Map.of("kind", kind), "userInfo", Map.of("groups", List.of(group))));
          in.put("variables", vars);
          for (Map<String, Object> v : variables) {
            vars.put(
                (String) v.get("name"),
                runtime
                    .createProgram(compiler.compile((String) v.get("expression")).getAst())
                    .eval(in));
          }
          return (Boolean) runtime.createProgram(compiler.compile(validation).getAst()).eval(in);
        };
    Map<String, Object> none = Map.of("app", "cart");
    Map<String, Object> exempt = Map.of("app", "cart", "spl.dev/exempt", "true");
    assertFalse(verdict.allowed("HTTPRoute", none, exempt, "authors"), "set by an author");
    assertFalse(verdict.allowed("HTTPRoute", null, exempt, "authors"), "created exempt");
    assertFalse(verdict.allowed("HTTPRoute", exempt, none, "authors"), "removed by an author");
    assertTrue(verdict.allowed("HTTPRoute", none, exempt, "platform"), "set by the platform");
    assertTrue(verdict.allowed("HTTPRoute", exempt, exempt, "authors"), "kept as it was");
    assertTrue(verdict.allowed("HTTPRoute", null, none, "authors"), "no label at all");
    Map<String, Object> warn = Map.of("spl.dev/mode", "warn");
    assertFalse(verdict.allowed("Namespace", Map.of(), warn, "authors"), "a namespace's mode");
    assertTrue(verdict.allowed("Namespace", Map.of(), warn, "platform"));
    assertTrue(
        verdict.allowed("Namespace", Map.of(), exempt, "authors"),
        "spl.dev/exempt means nothing on a namespace");
    assertTrue(
        render(t -> t.set("labelGuard.enabled", "false")).all("ValidatingAdmissionPolicy").stream()
            .noneMatch(p -> p.name().endsWith("-label-guard")));
  }
}
