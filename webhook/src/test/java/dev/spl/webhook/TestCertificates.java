package dev.spl.webhook;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Self-signed serving certificates made in the test, written as PEM like cert-manager does. */
final class TestCertificates {
  private TestCertificates() {}

  /** A certificate for localhost and 127.0.0.1 with {@code cn}, as an RSA or an EC key pair. */
  static X509Certificate write(Path certFile, Path keyFile, String cn, boolean ec)
      throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(ec ? "EC" : "RSA");
    generator.initialize(ec ? 256 : 2048);
    KeyPair pair = generator.generateKeyPair();
    X500Name name = new X500Name("CN=" + cn);
    Instant now = Instant.now();
    JcaX509v3CertificateBuilder builder =
        new JcaX509v3CertificateBuilder(
            name,
            BigInteger.valueOf(now.toEpochMilli()),
            Date.from(now.minus(Duration.ofMinutes(1))),
            Date.from(now.plus(Duration.ofDays(1))),
            name,
            pair.getPublic());
    builder.addExtension(
        Extension.subjectAlternativeName,
        false,
        new GeneralNames(
            new GeneralName[] {
              new GeneralName(GeneralName.dNSName, "localhost"),
              new GeneralName(GeneralName.iPAddress, "127.0.0.1")
            }));
    X509Certificate cert =
        new JcaX509CertificateConverter()
            .getCertificate(
                builder.build(
                    new JcaContentSignerBuilder(ec ? "SHA256withECDSA" : "SHA256withRSA")
                        .build(pair.getPrivate())));
    // Write to temporary files and move them in, as the kubelet swaps a Secret's files.
    Path tmpCert =
        Files.writeString(certFile.resolveSibling(certFile.getFileName() + ".tmp"), pem(cert));
    // RSA as PKCS#1 ("RSA PRIVATE KEY"), EC as PKCS#8 ("PRIVATE KEY"): two of the encodings in use.
    Object keyPem = ec ? new JcaPKCS8Generator(pair.getPrivate(), null) : pair.getPrivate();
    Path tmpKey =
        Files.writeString(keyFile.resolveSibling(keyFile.getFileName() + ".tmp"), pem(keyPem));
    Files.move(tmpKey, keyFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.move(tmpCert, certFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return cert;
  }

  private static String pem(Object o) throws IOException {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(o);
    }
    return out.toString();
  }

  /** A client SSL context that trusts exactly these certificates. */
  static SSLContext trusting(X509Certificate... certs) throws Exception {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    for (int i = 0; i < certs.length; i++) {
      trust.setCertificateEntry("c" + i, certs[i]);
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return ctx;
  }
}
