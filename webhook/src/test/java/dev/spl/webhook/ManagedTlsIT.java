package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webhook's own certificates, without cert-manager. fabric8's mock server in CRUD mode stands
 * in for the API server (none runs on the build machines); the clock is moved, not waited for.
 */
@EnableKubernetesMockClient(crud = true)
class ManagedTlsIT {
  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir Path dir;

  static final List<String> DNS =
      List.of("spl-spl-webhook", "spl-spl-webhook.spl-system", "spl-spl-webhook.spl-system.svc");

  ManagedTls at(Instant now) {
    return at(now, DNS);
  }

  ManagedTls at(Instant now, List<String> dns) {
    return new ManagedTls(
        client,
        new ManagedTls.Settings(
            "spl-system",
            "spl-spl-webhook-tls",
            "spl-spl-webhook",
            dns,
            dir.resolve("tls.crt"),
            dir.resolve("tls.key")),
        Clock.fixed(now, ZoneOffset.UTC));
  }

  void createWebhookConfiguration() {
    client
        .genericKubernetesResources(
            "admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration")
        .resource(
            client
                .getKubernetesSerialization()
                .unmarshal(
                    """
                    apiVersion: admissionregistration.k8s.io/v1
                    kind: ValidatingWebhookConfiguration
                    metadata: {name: spl-spl-webhook}
                    webhooks:
                    - name: validate.spl.dev
                      clientConfig:
                        service: {name: spl-spl-webhook, namespace: spl-system, path: /validate}
                      admissionReviewVersions: [v1]
                      sideEffects: None
                    - name: warn.validate.spl.dev
                      clientConfig:
                        service: {name: spl-spl-webhook, namespace: spl-system, path: /validate/warn}
                        caBundle: c3RhbGU=
                      admissionReviewVersions: [v1]
                      sideEffects: None
                    """,
                    GenericKubernetesResource.class))
        .create();
  }

  @SuppressWarnings("unchecked")
  List<String> caBundles() {
    GenericKubernetesResource vwc =
        client
            .genericKubernetesResources(
                "admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration")
            .withName("spl-spl-webhook")
            .get();
    return ((List<Map<String, Object>>) vwc.getAdditionalProperties().get("webhooks"))
        .stream()
            .map(h -> (String) ((Map<String, Object>) h.get("clientConfig")).get("caBundle"))
            .toList();
  }

  static List<X509Certificate> certificates(String pem) throws Exception {
    Collection<? extends java.security.cert.Certificate> all =
        CertificateFactory.getInstance("X.509")
            .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.UTF_8)));
    return all.stream().map(c -> (X509Certificate) c).toList();
  }

  static String decode(String base64) {
    return new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
  }

  X509Certificate served() throws Exception {
    return certificates(Files.readString(dir.resolve("tls.crt"))).get(0);
  }

  @Test
  void firstStartMakesTheSecretServesItAndPutsTheCaIntoTheWebhooks() throws Exception {
    createWebhookConfiguration();
    Instant now = Instant.now();
    assertEquals(ManagedTls.Outcome.CREATED, at(now).ensure());
    Secret secret =
        client.secrets().inNamespace("spl-system").withName("spl-spl-webhook-tls").get();
    assertNotNull(secret);
    assertEquals("kubernetes.io/tls", secret.getType());
    // The served pair loads as the server loads it, and is the Secret's.
    KeyStore store = PemKeyStore.load(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    assertNotNull(store);
    X509Certificate serving = served();
    assertEquals(serving, certificates(decode(secret.getData().get("tls.crt"))).get(0));
    assertTrue(
        serving.getSubjectAlternativeNames().stream()
            .map(n -> String.valueOf(n.get(1)))
            .toList()
            .containsAll(DNS));
    // signed by the CA every webhook entry now trusts (the stale bundle replaced too)
    X509Certificate ca = certificates(decode(secret.getData().get("ca.crt"))).get(0);
    serving.verify(ca.getPublicKey());
    assertEquals(
        List.of(secret.getData().get("ca.crt"), secret.getData().get("ca.crt")), caBundles());
    assertTrue(ca.getBasicConstraints() >= 0, "the CA is a CA");
    assertEquals(-1, serving.getBasicConstraints(), "the serving certificate is not");
    // Another replica, or the next start, keeps what is there.
    assertEquals(ManagedTls.Outcome.KEPT, at(now.plus(Duration.ofDays(1))).ensure());
    assertEquals(serving, served());
  }

  @Test
  void aServingCertificateNearItsEndIsRenewedUnderTheSameCa() throws Exception {
    createWebhookConfiguration();
    Instant now = Instant.now();
    at(now).ensure();
    X509Certificate first = served();
    List<String> bundle = caBundles();
    assertEquals(ManagedTls.Outcome.KEPT, at(now.plus(Duration.ofDays(200))).ensure());
    assertEquals(ManagedTls.Outcome.RENEWED, at(now.plus(Duration.ofDays(250))).ensure());
    X509Certificate second = served();
    assertNotEquals(first, second);
    assertTrue(second.getNotAfter().after(first.getNotAfter()));
    assertEquals(bundle, caBundles(), "the caBundle does not change when the serving pair does");
  }

  @Test
  void aCaNearItsEndIsReplacedWithTheOldOneTrustedBeside() throws Exception {
    createWebhookConfiguration();
    Instant now = Instant.now();
    at(now).ensure();
    X509Certificate oldCa = certificates(decode(caBundles().get(0))).get(0);
    Instant late = now.plus(Duration.ofDays(3650 - 300));
    assertEquals(ManagedTls.Outcome.RENEWED, at(late).ensure());
    List<X509Certificate> trusted = certificates(decode(caBundles().get(0)));
    assertEquals(2, trusted.size(), "the new CA, and the old one until it expires");
    assertEquals(oldCa, trusted.get(1));
    served().verify(trusted.get(0).getPublicKey());
  }

  @Test
  void aSecretItCannotUseIsReplacedAndAResetCaBundleIsPutBack() throws Exception {
    client
        .secrets()
        .inNamespace("spl-system")
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName("spl-spl-webhook-tls")
                .withNamespace("spl-system")
                .endMetadata()
                .addToData("tls.crt", Base64.getEncoder().encodeToString("not a pem".getBytes()))
                .build())
        .create();
    Instant now = Instant.now();
    assertEquals(ManagedTls.Outcome.RENEWED, at(now).ensure());
    assertNotNull(served());
    // installed after the first start, as a Helm upgrade would render it again: patched next time
    createWebhookConfiguration();
    assertEquals(ManagedTls.Outcome.KEPT, at(now).ensure());
    String ca =
        client
            .secrets()
            .inNamespace("spl-system")
            .withName("spl-spl-webhook-tls")
            .get()
            .getData()
            .get("ca.crt");
    assertEquals(List.of(ca, ca), caBundles());
  }

  /**
   * The pair it serves is one the webhook's own server loads, and a client trusting the CA accepts.
   */
  @Test
  void theServerServesTheManagedPairOverRealTls() throws Exception {
    at(Instant.now(), List.of("localhost")).ensure();
    X509Certificate ca =
        certificates(
                decode(
                    client
                        .secrets()
                        .inNamespace("spl-system")
                        .withName("spl-spl-webhook-tls")
                        .get()
                        .getData()
                        .get("ca.crt")))
            .get(0);
    try (WebhookServer server =
        new WebhookServer(
                new WebhookServer.Settings(
                    "127.0.0.1",
                    0,
                    dir.resolve("tls.crt"),
                    dir.resolve("tls.key"),
                    5_000,
                    5_000,
                    100),
                new AdmissionHandler(
                    new dev.spl.Engine(), dev.spl.LintOptions.defaults(), ClusterState.NONE, false),
                ClusterState.NONE,
                new WebhookMetrics(),
                new JsonLog(
                    new java.io.PrintStream(
                        new java.io.ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
                () -> true)
            .start()) {
      java.net.http.HttpResponse<String> r =
          java.net.http.HttpClient.newBuilder()
              .sslContext(TestCertificates.trusting(ca))
              .build()
              .send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create("https://localhost:" + server.port() + "/healthz"))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), r.body());
    }
  }

  /**
   * The chart as rendered by real Helm, on the stand-in API server: the Deployment's own arguments
   * make the Secret and set the caBundle of the webhook configuration the chart rendered.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theRenderedChartsArgumentsManageTheRenderedWebhookConfiguration() throws Exception {
    HelmChartIT.Rendered chart = HelmChartIT.render(t -> {});
    client
        .genericKubernetesResources(
            "admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration")
        .resource(
            client
                .getKubernetesSerialization()
                .convertValue(
                    chart.one("ValidatingWebhookConfiguration"), GenericKubernetesResource.class))
        .create();
    List<String> args =
        new java.util.ArrayList<>(
            HelmChartIT.at(
                chart.one("Deployment"), "spec", "template", "spec", "containers", 0, "args"));
    // the pod's /tls is an emptyDir; here, a temporary directory
    args.replaceAll(
        a ->
            a.startsWith("--tls-cert-file=")
                ? "--tls-cert-file=" + dir.resolve("tls.crt")
                : a.startsWith("--tls-key-file=") ? "--tls-key-file=" + dir.resolve("tls.key") : a);
    WebhookMain main = new WebhookMain();
    new picocli.CommandLine(main).parseArgs(args.toArray(String[]::new));
    assertEquals(ManagedTls.Outcome.CREATED, main.managedTls(client).ensure());
    Secret secret =
        client.secrets().inNamespace(HelmChartIT.NS).withName("spl-spl-webhook-tls").get();
    assertNotNull(secret, "the Secret the chart names, in the release's namespace");
    assertEquals(
        List.of(secret.getData().get("ca.crt"), secret.getData().get("ca.crt")), caBundles());
    assertTrue(
        served().getSubjectAlternativeNames().stream()
            .anyMatch(n -> n.get(1).equals("spl-spl-webhook." + HelmChartIT.NS + ".svc")));
  }
}
