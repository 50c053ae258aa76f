package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every key encoding openssl and cert-manager write: PKCS#1 RSA, PKCS#8, SEC1 EC. */
@Tag("tools")
class PemKeyStoreTest {
  @TempDir Path dir;

  private boolean openssl(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    try {
      return Command.of(command).in(dir).mergeErrors().run().status() == 0;
    } catch (java.io.IOException missing) {
      return false;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"rsa-pkcs1", "rsa-pkcs8", "ec-sec1", "ec-pkcs8"})
  void readsWhatOpensslWrites(String kind) throws Exception {
    boolean made =
        switch (kind) {
          case "rsa-pkcs1" -> openssl("genrsa", "-traditional", "-out", "k.pem", "2048");
          case "rsa-pkcs8" -> openssl("genpkey", "-algorithm", "RSA", "-out", "k.pem");
          case "ec-sec1" ->
              openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "k.pem");
          default ->
              openssl(
                  "genpkey",
                  "-algorithm",
                  "EC",
                  "-pkeyopt",
                  "ec_paramgen_curve:P-256",
                  "-out",
                  "k.pem");
        };
    ToolsNeeded.require(
        made, "openssl is not installed; key encodings are covered by the TLS test only");
    assertEquals(
        true,
        openssl(
            "req",
            "-x509",
            "-key",
            "k.pem",
            "-subj",
            "/CN=" + kind,
            "-days",
            "1",
            "-out",
            "c.pem"));
    var store = PemKeyStore.load(dir.resolve("c.pem"), dir.resolve("k.pem"));
    assertEquals("CN=" + kind, PemKeyStore.subject(store));
  }

  @Test
  void garbageIsAClearError() throws Exception {
    Files.writeString(dir.resolve("c.pem"), "not a certificate");
    Files.writeString(dir.resolve("k.pem"), "not a key");
    var e =
        assertThrows(
            GeneralSecurityException.class,
            () -> PemKeyStore.load(dir.resolve("c.pem"), dir.resolve("k.pem")));
    assertEquals(dir.resolve("c.pem") + " holds no PEM certificate", e.getMessage());
  }

  @Test
  void aCertificateNextToAnotherKeyIsRefused() throws Exception {
    for (boolean ec : new boolean[] {false, true}) {
      TestCertificates.write(dir.resolve("new.crt"), dir.resolve("new.key"), "new", ec);
      TestCertificates.write(dir.resolve("old.crt"), dir.resolve("old.key"), "old", ec);
      var e =
          org.junit.jupiter.api.Assertions.assertThrows(
              java.security.GeneralSecurityException.class,
              () -> PemKeyStore.load(dir.resolve("new.crt"), dir.resolve("old.key")));
      org.junit.jupiter.api.Assertions.assertTrue(
          e.getMessage().contains("does not belong to the certificate"), e.getMessage());
      PemKeyStore.load(dir.resolve("new.crt"), dir.resolve("new.key")); // a matching pair loads
    }
  }
}
