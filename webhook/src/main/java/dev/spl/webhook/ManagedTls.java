package dev.spl.webhook;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The webhook's own certificates, as Kyverno and Gatekeeper manage theirs, so it installs without
 * cert-manager: a CA and a serving certificate kept in one Secret (shared by the replicas: the
 * first to find none creates it, the others read it), the serving pair written where the server
 * reads it (its reloader picks up each change), and the CA put into the webhook configuration's
 * caBundle (again whenever something, such as a Helm upgrade, resets it). Called at start and then
 * periodically: a serving certificate with under a third of its life left is renewed under the same
 * CA (the caBundle does not change); a CA with under a year left is replaced, the bundle holding
 * the old CA beside the new one until the old expires.
 */
final class ManagedTls {
  static final Duration CA_LIFE = Duration.ofDays(3650);
  static final Duration SERVING_LIFE = Duration.ofDays(365);
  static final Duration CA_RENEW_BEFORE = Duration.ofDays(365);

  /** Where the Secret, the served files and the webhook configuration are. */
  record Settings(
      String namespace,
      String secretName,
      String webhookConfiguration,
      List<String> dnsNames,
      Path certFile,
      Path keyFile) {}

  /** What a call did, for the log and the tests. */
  enum Outcome {
    CREATED,
    RENEWED,
    KEPT
  }

  private final KubernetesClient client;
  private final Settings settings;
  private final Clock clock;

  ManagedTls(KubernetesClient client, Settings settings, Clock clock) {
    this.client = client;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Makes sure the Secret holds a valid CA and serving certificate, the served files are its, and
   * the webhook configuration trusts its CA bundle. Safe to call from every replica at once.
   */
  Outcome ensure() throws IOException, GeneralSecurityException {
    Secret secret = secrets().withName(settings.secretName()).get();
    Outcome outcome = Outcome.KEPT;
    Pair pair = secret == null ? null : Pair.read(secret);
    if (pair == null || pair.needsRenewal(now())) {
      Pair next =
          pair == null
              ? Pair.issue(null, settings.dnsNames(), now())
              : pair.renewed(settings.dnsNames(), now());
      Secret written = next.toSecret(settings.namespace(), settings.secretName());
      try {
        if (secret == null) {
          secrets().resource(written).create();
          outcome = Outcome.CREATED;
        } else {
          written.getMetadata().setResourceVersion(secret.getMetadata().getResourceVersion());
          secrets().resource(written).update();
          outcome = Outcome.RENEWED;
        }
        pair = next;
      } catch (KubernetesClientException race) {
        if (race.getCode() != 409) {
          throw race;
        }
        // another replica wrote it first: its pair is the one every replica serves
        pair = Pair.read(secrets().withName(settings.secretName()).get());
        if (pair == null) {
          throw new IOException("Secret " + settings.secretName() + " holds no usable pair");
        }
      }
    }
    writeServed(pair);
    patchCaBundle(pair.bundle());
    return outcome;
  }

  private Instant now() {
    return clock.instant();
  }

  private io.fabric8.kubernetes.client.dsl.NonNamespaceOperation<
          Secret,
          io.fabric8.kubernetes.api.model.SecretList,
          io.fabric8.kubernetes.client.dsl.Resource<Secret>>
      secrets() {
    return client.secrets().inNamespace(settings.namespace());
  }

  /** Writes the serving pair where the server reads it, each file swapped in whole. */
  private void writeServed(Pair pair) throws IOException {
    String cert = pem(pair.serving());
    String key = pem(new JcaPKCS8Generator(pair.servingKey(), null));
    if (Files.exists(settings.certFile())
        && Files.readString(settings.certFile()).equals(cert)
        && Files.exists(settings.keyFile())
        && Files.readString(settings.keyFile()).equals(key)) {
      return;
    }
    Path tmpKey = Files.writeString(settings.keyFile().resolveSibling(".key.tmp"), key);
    Path tmpCert = Files.writeString(settings.certFile().resolveSibling(".cert.tmp"), cert);
    Files.move(tmpKey, settings.keyFile(), StandardCopyOption.REPLACE_EXISTING);
    Files.move(tmpCert, settings.certFile(), StandardCopyOption.REPLACE_EXISTING);
  }

  /** Sets every webhook's caBundle to {@code bundle} where it differs. */
  @SuppressWarnings("unchecked")
  private void patchCaBundle(String bundle) {
    var configurations =
        client.genericKubernetesResources(
            "admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration");
    GenericKubernetesResource vwc = configurations.withName(settings.webhookConfiguration()).get();
    if (vwc == null || !(vwc.getAdditionalProperties().get("webhooks") instanceof List<?> hooks)) {
      return; // not installed (yet): the next call patches it
    }
    String encoded = Base64.getEncoder().encodeToString(bundle.getBytes(StandardCharsets.UTF_8));
    boolean changed = false;
    for (Object hook : hooks) {
      if (hook instanceof Map<?, ?> h
          && h.get("clientConfig") instanceof Map<?, ?> config
          && !encoded.equals(config.get("caBundle"))) {
        ((Map<String, Object>) config).put("caBundle", encoded);
        changed = true;
      }
    }
    if (changed) {
      configurations.resource(vwc).update();
    }
  }

  static String pem(Object o) throws IOException {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(o);
    }
    return out.toString();
  }

  /**
   * A CA (with the CA before it, while that is still valid) and a serving certificate it signed.
   */
  record Pair(
      X509Certificate ca,
      PrivateKey caKey,
      X509Certificate previousCa,
      X509Certificate serving,
      PrivateKey servingKey) {

    static final String CA_CRT = "ca.crt";
    static final String CA_KEY = "ca.key";
    static final String TLS_CRT = "tls.crt";
    static final String TLS_KEY = "tls.key";

    /** A new CA (unless {@code ca} is given) and a serving certificate for {@code dnsNames}. */
    static Pair issue(Pair ca, List<String> dnsNames, Instant now)
        throws GeneralSecurityException, IOException {
      KeyPair caPair = ca == null ? newKeyPair() : null;
      X509Certificate caCert =
          ca == null
              ? sign(
                  new X500Name("CN=spl-webhook-ca"),
                  caPair,
                  caPair.getPrivate(),
                  new X500Name("CN=spl-webhook-ca"),
                  now,
                  CA_LIFE,
                  true,
                  List.of())
              : ca.ca();
      PrivateKey caKey = ca == null ? caPair.getPrivate() : ca.caKey();
      KeyPair servingPair = newKeyPair();
      X509Certificate serving =
          sign(
              new X500Name("CN=" + dnsNames.get(0)),
              servingPair,
              caKey,
              new X500Name(caCert.getSubjectX500Principal().getName()),
              now,
              SERVING_LIFE,
              false,
              dnsNames);
      X509Certificate previous =
          ca == null
                  || ca.previousCa() == null
                  || !ca.previousCa().getNotAfter().toInstant().isAfter(now)
              ? null
              : ca.previousCa(); // an expired CA leaves the bundle
      return new Pair(caCert, caKey, previous, serving, servingPair.getPrivate());
    }

    /** This pair renewed: a new serving certificate, under a new CA when this one is ending. */
    Pair renewed(List<String> dnsNames, Instant now) throws GeneralSecurityException, IOException {
      if (ca.getNotAfter().toInstant().isBefore(now.plus(CA_RENEW_BEFORE))) {
        Pair fresh = issue(null, dnsNames, now);
        return new Pair(fresh.ca(), fresh.caKey(), ca, fresh.serving(), fresh.servingKey());
      }
      return issue(this, dnsNames, now);
    }

    /** True when the serving certificate has under a third of its life left, or the CA a year. */
    boolean needsRenewal(Instant now) {
      Instant from = serving.getNotBefore().toInstant();
      Instant to = serving.getNotAfter().toInstant();
      Duration third = Duration.between(from, to).dividedBy(3);
      return now.isAfter(to.minus(third))
          || ca.getNotAfter().toInstant().isBefore(now.plus(CA_RENEW_BEFORE));
    }

    /** The CAs the API server is to trust: this one, and the one before while it is valid. */
    String bundle() throws IOException {
      return pem(ca) + (previousCa == null ? "" : pem(previousCa));
    }

    Secret toSecret(String namespace, String name) throws IOException {
      Map<String, String> data = new LinkedHashMap<>();
      data.put(CA_CRT, b64(bundle()));
      data.put(CA_KEY, b64(pem(new JcaPKCS8Generator(caKey, null))));
      data.put(TLS_CRT, b64(pem(serving)));
      data.put(TLS_KEY, b64(pem(new JcaPKCS8Generator(servingKey, null))));
      return new SecretBuilder()
          .withNewMetadata()
          .withName(name)
          .withNamespace(namespace)
          .addToLabels("app.kubernetes.io/managed-by", "spl-webhook")
          .endMetadata()
          .withType("kubernetes.io/tls")
          .withData(data)
          .build();
    }

    /** The pair a Secret holds; null when it holds none this class can use. */
    static Pair read(Secret secret) {
      try {
        Map<String, String> data = secret.getData();
        if (data == null) {
          return null;
        }
        List<X509Certificate> cas = certificates(unb64(data.get(CA_CRT)));
        List<X509Certificate> serving = certificates(unb64(data.get(TLS_CRT)));
        PrivateKey caKey = key(unb64(data.get(CA_KEY)));
        PrivateKey servingKey = key(unb64(data.get(TLS_KEY)));
        if (cas.isEmpty() || serving.isEmpty() || caKey == null || servingKey == null) {
          return null;
        }
        return new Pair(
            cas.get(0), caKey, cas.size() > 1 ? cas.get(1) : null, serving.get(0), servingKey);
      } catch (IOException | GeneralSecurityException | RuntimeException unreadable) {
        return null; // a Secret someone else wrote, or damaged: a new pair replaces it
      }
    }

    private static KeyPair newKeyPair() throws GeneralSecurityException {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
      return generator.generateKeyPair();
    }

    private static X509Certificate sign(
        X500Name subject,
        KeyPair subjectPair,
        PrivateKey issuerKey,
        X500Name issuer,
        Instant now,
        Duration life,
        boolean isCa,
        List<String> dnsNames)
        throws GeneralSecurityException, IOException {
      X509v3CertificateBuilder builder =
          new JcaX509v3CertificateBuilder(
              issuer,
              new BigInteger(64, new SecureRandom()).abs().add(BigInteger.ONE),
              Date.from(now.minus(Duration.ofMinutes(5))), // clocks differ a little
              Date.from(now.plus(life)),
              subject,
              subjectPair.getPublic());
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
      if (isCa) {
        builder.addExtension(
            Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      } else {
        builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        builder.addExtension(
            Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        builder.addExtension(
            Extension.subjectAlternativeName,
            false,
            new GeneralNames(
                dnsNames.stream()
                    .map(n -> new GeneralName(GeneralName.dNSName, n))
                    .toArray(GeneralName[]::new)));
      }
      try {
        return new JcaX509CertificateConverter()
            .getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
      } catch (OperatorCreationException e) {
        throw new GeneralSecurityException(e);
      }
    }

    private static List<X509Certificate> certificates(String pem) throws GeneralSecurityException {
      if (pem == null) {
        return List.of();
      }
      return CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.UTF_8)))
          .stream()
          .map(c -> (X509Certificate) c)
          .toList();
    }

    private static PrivateKey key(String pem) throws IOException {
      if (pem == null) {
        return null;
      }
      try (PEMParser parser = new PEMParser(new StringReader(pem))) {
        Object o = parser.readObject();
        return o instanceof org.bouncycastle.asn1.pkcs.PrivateKeyInfo info
            ? new JcaPEMKeyConverter().getPrivateKey(info)
            : null;
      }
    }

    private static String b64(String text) {
      return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String unb64(String text) {
      return text == null
          ? null
          : new String(Base64.getDecoder().decode(text), StandardCharsets.UTF_8);
    }
  }
}
