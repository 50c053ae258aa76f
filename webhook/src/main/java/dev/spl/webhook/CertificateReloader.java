package dev.spl.webhook;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * Serves renewed certificates without a restart. cert-manager rewrites the Secret, the kubelet
 * swaps the mounted files (through a {@code ..data} symlink), and this poller sees new content by
 * hash, validates it, and hot-swaps Jetty's key store; connections already open keep their session.
 * A broken file keeps the old certificate in service.
 */
final class CertificateReloader implements AutoCloseable {
  private final Path certFile;
  private final Path keyFile;
  private final SslContextFactory.Server ssl;
  private final JsonLog log;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "spl-cert-reloader");
            t.setDaemon(true);
            return t;
          });
  private volatile byte[] lastHash;
  private volatile byte[] lastFailedHash;
  private volatile String lastError;
  private volatile int reloads;

  CertificateReloader(Path certFile, Path keyFile, SslContextFactory.Server ssl, JsonLog log) {
    this.certFile = certFile;
    this.keyFile = keyFile;
    this.ssl = ssl;
    this.log = log;
  }

  /** Loads the files once (failing loudly: there is nothing to serve yet) and starts watching. */
  KeyStore start(long periodMillis) throws Exception {
    KeyStore store = PemKeyStore.load(certFile, keyFile);
    lastHash = hash();
    timer.scheduleWithFixedDelay(
        this::checkOnce, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    return store;
  }

  int reloads() {
    return reloads;
  }

  void checkOnce() {
    byte[] now = null;
    try {
      now = hash();
      if (Arrays.equals(now, lastHash) || Arrays.equals(now, lastFailedHash)) {
        return;
      }
      KeyStore store = PemKeyStore.load(certFile, keyFile);
      ssl.reload(f -> f.setKeyStore(store));
      lastHash = now;
      lastError = null;
      reloads++;
      log.info("certificate reloaded", "subject", PemKeyStore.subject(store));
    } catch (Exception e) {
      // Mid-rotation the two files may not match yet; the old certificate stays in service.
      // Each broken content is reported once, not every poll.
      // A missing file has no hash: compare the error itself, so it is logged once too.
      lastFailedHash = now;
      String error = String.valueOf(e.getMessage());
      if (now == null && error.equals(lastError)) {
        return;
      }
      lastError = error;
      log.warn("certificate reload failed, keeping the current one", "error", error);
    }
  }

  private byte[] hash() throws IOException, NoSuchAlgorithmException {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    sha.update(Files.readAllBytes(certFile));
    sha.update(Files.readAllBytes(keyFile));
    return sha.digest();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
