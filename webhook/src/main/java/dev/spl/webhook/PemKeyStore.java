package dev.spl.webhook;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * Reads a PEM certificate chain and private key (PKCS#1, PKCS#8 or SEC1, as cert-manager and
 * openssl write them) into an in-memory key store for Jetty.
 */
final class PemKeyStore {
  static final char[] PASSWORD = "spl".toCharArray(); // in memory only

  private PemKeyStore() {}

  static KeyStore load(Path certFile, Path keyFile) throws IOException, GeneralSecurityException {
    List<Certificate> chain = new ArrayList<>();
    JcaX509CertificateConverter certs = new JcaX509CertificateConverter();
    try (PEMParser parser = new PEMParser(reader(certFile))) {
      for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
        if (o instanceof X509CertificateHolder holder) {
          chain.add(certs.getCertificate(holder));
        }
      }
    }
    if (chain.isEmpty()) {
      throw new GeneralSecurityException(certFile + " holds no PEM certificate");
    }
    PrivateKey key = null;
    JcaPEMKeyConverter keys = new JcaPEMKeyConverter();
    try (PEMParser parser = new PEMParser(reader(keyFile))) {
      for (Object o = parser.readObject(); o != null && key == null; o = parser.readObject()) {
        if (o instanceof PEMKeyPair pair) {
          // SEC1 keys may carry no public key, so take the private key info alone.
          key = keys.getPrivateKey(pair.getPrivateKeyInfo());
        } else if (o instanceof PrivateKeyInfo info) {
          key = keys.getPrivateKey(info);
        }
      }
    }
    if (key == null) {
      throw new GeneralSecurityException(keyFile + " holds no unencrypted PEM private key");
    }
    if (!belongTogether(key, chain.get(0).getPublicKey())) {
      // Mid-rotation a new certificate may sit next to the old key: serving the pair would fail
      // every handshake.
      throw new GeneralSecurityException(
          "the private key in " + keyFile + " does not belong to the certificate in " + certFile);
    }
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry("webhook", key, PASSWORD, chain.toArray(new Certificate[0]));
    return store;
  }

  /** True when a signature made with {@code key} verifies with {@code publicKey}. */
  static boolean belongTogether(PrivateKey key, java.security.PublicKey publicKey)
      throws GeneralSecurityException {
    if (!key.getAlgorithm().equals(publicKey.getAlgorithm())) {
      return false;
    }
    String algorithm =
        switch (key.getAlgorithm()) {
          case "RSA" -> "SHA256withRSA";
          case "EC" -> "SHA256withECDSA";
          default -> key.getAlgorithm(); // Ed25519, Ed448
        };
    byte[] challenge = new byte[32];
    new java.security.SecureRandom().nextBytes(challenge);
    java.security.Signature signer = java.security.Signature.getInstance(algorithm);
    signer.initSign(key);
    signer.update(challenge);
    byte[] signature = signer.sign();
    java.security.Signature verifier = java.security.Signature.getInstance(algorithm);
    verifier.initVerify(publicKey);
    verifier.update(challenge);
    return verifier.verify(signature);
  }

  /** The subject of the serving certificate, for logs. */
  static String subject(KeyStore store) throws GeneralSecurityException {
    return ((X509Certificate) store.getCertificate("webhook")).getSubjectX500Principal().getName();
  }

  private static Reader reader(Path file) throws IOException {
    return Files.newBufferedReader(file, StandardCharsets.US_ASCII);
  }
}
