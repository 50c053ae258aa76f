package dev.spl.webhook;

import dev.spl.config.SplConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The webhook's {@code .spl.yaml}, the same file format as the CLI's, usually a mounted ConfigMap.
 * A broken file refuses the start (the caller says why, with its position); once running, the file
 * is polled by content hash and a change applies to the next review. A broken change keeps the last
 * good configuration, is logged once, and shows in the metrics and on {@code /readyz}.
 */
final class AdmissionConfig implements AutoCloseable {
  private final Path file;
  private final JsonLog log;
  private volatile SplConfig current;
  private volatile String reloadProblem;
  private byte[] lastSeen;
  private final AtomicLong reloads = new AtomicLong();
  private final AtomicLong failedReloads = new AtomicLong();
  private ScheduledExecutorService poller;

  private AdmissionConfig(Path file, JsonLog log, SplConfig first, byte[] seen) {
    this.file = file;
    this.log = log;
    this.current = first;
    this.lastSeen = seen;
  }

  /** No file: the built-in defaults, never reloaded. */
  static AdmissionConfig none() {
    return new AdmissionConfig(null, null, SplConfig.none(), null);
  }

  /** Reads {@code file}; a broken one is an error here, before the webhook serves anything. */
  static AdmissionConfig load(Path file, JsonLog log) throws SplConfig.Invalid {
    byte[] seen = digest(file);
    return new AdmissionConfig(file, log, SplConfig.load(file), seen);
  }

  /** Polls the file every {@code millis} ms. */
  AdmissionConfig start(long millis) {
    if (file != null) {
      poller =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "spl-config-reload");
                t.setDaemon(true);
                return t;
              });
      poller.scheduleWithFixedDelay(this::check, millis, millis, TimeUnit.MILLISECONDS);
    }
    return this;
  }

  /** Reloads when the file's content changed; public to tests through the package. */
  synchronized void check() {
    byte[] now = digest(file);
    if (Arrays.equals(now, lastSeen)) {
      return;
    }
    lastSeen = now;
    try {
      SplConfig loaded = SplConfig.load(file);
      if (!java.util.Objects.equals(loaded.gatewayApiVersion(), current.gatewayApiVersion())) {
        // the cache was validated for the version read at start: that takes a restart
        log.warn(
            "gatewayApiVersion changed in the configuration; it applies at the next restart",
            "file",
            file.toString());
      }
      current = loaded;
      reloadProblem = null;
      reloads.incrementAndGet();
      log.info("configuration reloaded", "file", file.toString());
    } catch (SplConfig.Invalid e) {
      reloadProblem = e.getMessage();
      failedReloads.incrementAndGet();
      log.error("configuration not reloaded; keeping the last good one", "error", e.getMessage());
    }
  }

  SplConfig current() {
    return current;
  }

  /** Why the newest version of the file is not in use, if it is not. */
  Optional<String> reloadProblem() {
    return Optional.ofNullable(reloadProblem);
  }

  long reloads() {
    return reloads.get();
  }

  long failedReloads() {
    return failedReloads.get();
  }

  private static byte[] digest(Path file) {
    try (var in = Files.newInputStream(file)) {
      // streamed: an oversized file is refused by SplConfig on load, not read whole here
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[8192];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        sha.update(buffer, 0, n);
      }
      return sha.digest();
    } catch (IOException e) {
      return new byte[0]; // missing for a moment (a ConfigMap's symlink swap): try again later
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    if (poller != null) {
      poller.shutdownNow();
    }
  }
}
