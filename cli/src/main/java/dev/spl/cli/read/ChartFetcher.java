package dev.spl.cli.read;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * A chart's dependencies from Helm chart repositories ({@code https://} and {@code http://}), as
 * {@code helm dependency build} fetches them: the version {@code Chart.lock} pins (else the highest
 * one the repository's {@code index.yaml} offers that Chart.yaml's constraint allows), the package
 * its {@code urls} name, checked against the index's sha256 {@code digest}, kept in Helm's own
 * cache ({@code ~/.cache/helm/repository}, as Helm names it: {@code <name>-<version>.tgz}) so that
 * the next run, and Helm itself, read it from there. Each repository's index is fetched once per
 * run; every request has a timeout and every body a size limit. Charts in OCI registries ({@code
 * oci://}) are pulled by {@link OciRegistry} into the same cache.
 */
public final class ChartFetcher {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final long MAX_INDEX = 64L << 20; // Bitnami's index is about 20 MiB
  private static final long MAX_CHART = 32L << 20; // Helm refuses charts over 20 MiB by default

  private final HttpClient http =
      HttpClient.newBuilder()
          .connectTimeout(TIMEOUT)
          .followRedirects(HttpClient.Redirect.NORMAL)
          .build();
  private final Map<String, Object> indexes = new HashMap<>(); // repository URL -> index or error
  private final Path cache;
  private final OciRegistry oci;

  /** The outcome for one dependency: the package fetched, or why not. */
  record Fetched(Path tgz, String version, String problem) {}

  ChartFetcher(Path cache) {
    this.cache = cache;
    this.oci = new OciRegistry(cache);
  }

  /** Fetches into Helm's repository cache (or {@code spl.helm.cache}, for tests). */
  static ChartFetcher intoHelmCache() {
    String override = System.getProperty("spl.helm.cache");
    if (override != null) {
      return new ChartFetcher(Path.of(override));
    }
    String env = System.getenv("HELM_REPOSITORY_CACHE");
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg, "helm")
            : Path.of(System.getProperty("user.home"), ".cache", "helm");
    return new ChartFetcher(
        env != null && !env.isBlank() ? Path.of(env) : base.resolve("repository"));
  }

  Path cache() {
    return cache;
  }

  /**
   * Fetches {@code d} ({@code locked}: the version Chart.lock pins, or null). Never throws: a
   * failure is a {@link Fetched} with its problem in words.
   */
  Fetched fetch(ChartDependencies.Dependency d, String locked) {
    String repo = d.repository();
    if (repo != null && repo.startsWith("oci://")) {
      return oci.pull(
          repo.replaceAll("/+$", "") + "/" + d.name(),
          d.name(),
          locked != null
              ? new OciRegistry.Ref(locked, null, null)
              : OciRegistry.Ref.forVersion(d.version()),
          false);
    }
    if (repo == null || !(repo.startsWith("https://") || repo.startsWith("http://"))) {
      return new Fetched(null, null, "no chart repository URL (" + repo + ")");
    }
    Object index = index(repo);
    if (index instanceof String problem) {
      return new Fetched(null, null, problem);
    }
    List<Map<?, ?>> entries = entries((Map<?, ?>) index, d.name());
    Map<?, ?> chosen = null;
    SemverConstraint constraint =
        SemverConstraint.parse(locked != null ? locked : d.version() == null ? "*" : d.version());
    SemverConstraint.Version best = null;
    for (Map<?, ?> e : entries) {
      Optional<SemverConstraint.Version> v = SemverConstraint.Version.parse(str(e.get("version")));
      if (v.isPresent()
          && constraint.allows(v.get())
          && (best == null || v.get().compareTo(best) > 0)) {
        best = v.get();
        chosen = e;
      }
    }
    if (chosen == null) {
      return new Fetched(
          null,
          null,
          repo
              + " has no "
              + d.name()
              + " matching "
              + (locked != null ? locked + " (Chart.lock)" : d.version()));
    }
    String version = str(chosen.get("version"));
    Path target = cache.resolve(d.name() + "-" + version + ".tgz");
    String digest = str(chosen.get("digest"));
    if (Files.isRegularFile(target) && (digest == null || digest.equals(sha256(target)))) {
      return new Fetched(target, version, null);
    }
    Object urls = chosen.get("urls");
    if (!(urls instanceof List<?> list) || list.isEmpty()) {
      return new Fetched(null, null, repo + "'s index names no package for " + d.name());
    }
    URI url = base(repo).resolve(str(list.get(0)));
    try {
      Files.createDirectories(cache);
      Path part = Files.createTempFile(cache, d.name() + "-", ".tgz.part");
      try {
        String problem = download(url, part, MAX_CHART);
        if (problem != null) {
          return new Fetched(null, null, problem);
        }
        if (digest != null && !digest.equalsIgnoreCase(sha256(part))) {
          return new Fetched(
              null, null, url + " does not match the digest " + repo + "'s index gives");
        }
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(part);
      }
      return new Fetched(target, version, null);
    } catch (IOException e) {
      return new Fetched(null, null, "cannot write Helm's cache " + cache + ": " + e.getMessage());
    }
  }

  /** Pulls a chart from an OCI repository ({@code oci://host/path/name}). */
  Fetched pullOci(String url, String name, OciRegistry.Ref ref, boolean insecure) {
    return oci.pull(url, name, ref, insecure);
  }

  private Object index(String repo) {
    return indexes.computeIfAbsent(
        repo,
        r -> {
          URI url = base(r).resolve("index.yaml");
          try {
            Path tmp = Files.createTempFile("spl-index", ".yaml");
            try {
              String problem = download(url, tmp, MAX_INDEX);
              if (problem != null) {
                return problem;
              }
              Object doc =
                  new Load(LoadSettings.builder().setAllowDuplicateKeys(true).build())
                      .loadFromString(Files.readString(tmp));
              return doc instanceof Map<?, ?> m && m.get("entries") instanceof Map<?, ?>
                  ? m
                  : url + " is not a chart repository index";
            } finally {
              Files.deleteIfExists(tmp);
            }
          } catch (IOException | RuntimeException e) {
            return "cannot read " + url + ": " + e.getMessage();
          }
        });
  }

  /** Downloads {@code url} to {@code to}; null, or what went wrong in words. */
  private String download(URI url, Path to, long max) {
    HttpRequest request = HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build();
    try {
      HttpResponse<InputStream> response =
          http.send(request, HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream in = response.body()) {
        int status = response.statusCode();
        if (status == 401 || status == 403) {
          return url.getScheme()
              + "://"
              + url.getAuthority()
              + " needs credentials (HTTP "
              + status
              + "), which spl does not send";
        }
        if (status != 200) {
          return url + " answered HTTP " + status;
        }
        long written = 0;
        try (var out = Files.newOutputStream(to)) {
          byte[] buf = new byte[65536];
          for (int n; (n = in.read(buf)) >= 0; ) {
            written += n;
            if (written > max) {
              return url + " is over " + (max >> 20) + " MiB";
            }
            out.write(buf, 0, n);
          }
        }
        return null;
      }
    } catch (java.net.http.HttpTimeoutException e) {
      return url + " did not answer within " + TIMEOUT.toSeconds() + " s";
    } catch (IOException e) {
      return "cannot fetch "
          + url
          + ": "
          + (e instanceof java.net.ConnectException
              ? "nothing answers there"
              : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while fetching " + url;
    } catch (IllegalArgumentException e) {
      return "not a URL: " + url;
    }
  }

  private static URI base(String repo) {
    return URI.create(repo.endsWith("/") ? repo : repo + "/");
  }

  private static List<Map<?, ?>> entries(Map<?, ?> index, String name) {
    List<Map<?, ?>> out = new ArrayList<>();
    if (((Map<?, ?>) index.get("entries")).get(name) instanceof List<?> list) {
      for (Object o : list) {
        if (o instanceof Map<?, ?> m) {
          out.add(m);
        }
      }
    }
    return out;
  }

  static String sha256(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[65536];
      for (int n; (n = in.read(buf)) >= 0; ) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (IOException | NoSuchAlgorithmException e) {
      return "";
    }
  }

  private static String str(Object o) {
    return o == null ? null : String.valueOf(o);
  }
}
