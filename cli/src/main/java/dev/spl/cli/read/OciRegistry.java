package dev.spl.cli.read;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Helm charts from OCI registries, pulled as {@code helm pull oci://...} pulls them (OCI
 * distribution API): the tag named, else the highest tag a semver constraint allows (Helm writes
 * {@code +} as {@code _} in tags), the manifest's chart layer ({@code
 * application/vnd.cncf.helm.chart.content.v1.tar+gzip}) checked against its sha256 digest, kept in
 * Helm's repository cache as {@code <name>-<version>.tgz}. Public registries (ghcr.io, Docker Hub,
 * ECR Public) hand anonymous pulls a bearer token; spl asks for one as Helm does, and names a
 * registry that wants credentials. Loopback registries are spoken to in plain HTTP, as Docker
 * treats them; others in HTTPS unless the source says {@code insecure}.
 */
public final class OciRegistry {
  static final String CHART_LAYER = "application/vnd.cncf.helm.chart.content.v1.tar+gzip";
  private static final String MANIFEST = "application/vnd.oci.image.manifest.v1+json";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final long MAX_MANIFEST = 4L << 20;
  private static final long MAX_TAGS = 16L << 20;
  private static final long MAX_CHART = 32L << 20;
  private static final int MAX_REDIRECTS = 5;
  private static final int MAX_TAG_PAGES = 20;
  private static final Pattern CHALLENGE_PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
  private static final Pattern NEXT_LINK = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"?next\"?");

  // redirects are followed by hand: a blob's redirect to storage must not carry the token
  private final HttpClient http =
      HttpClient.newBuilder()
          .connectTimeout(TIMEOUT)
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();
  private final Map<String, String> tokens = new HashMap<>(); // "host/repository" -> bearer token
  // once per run: a chart many releases use (a common app template) is pulled once, and a host
  // that cannot be reached is not waited for again
  private final Map<Object, ChartFetcher.Fetched> pulled = new HashMap<>();
  private final Map<String, String> unreachable = new HashMap<>(); // host -> why
  private final Path cache;

  OciRegistry(Path cache) {
    this.cache = cache;
  }

  /** Which artifact of a repository: a tag, the highest tag a constraint allows, or a digest. */
  record Ref(String tag, String semver, String digest) {
    static Ref forVersion(String version) {
      if (version == null || version.isBlank()) {
        return new Ref(null, "*", null);
      }
      Optional<SemverConstraint.Version> exact =
          SemverConstraint.Version.parse(version.startsWith("v") ? version.substring(1) : version);
      return exact.isPresent() && version.matches("v?\\d+\\.\\d+\\.\\d+([-+][0-9A-Za-z.+-]*)?")
          ? new Ref(version, null, null)
          : new Ref(null, version, null);
    }
  }

  /** Where an {@code oci://} reference points. */
  private record Location(String scheme, String host, String repository) {
    URI uri(String path) {
      return URI.create(scheme + "://" + host + "/v2/" + repository + path);
    }
  }

  /**
   * Pulls the chart {@code name} from {@code url} ({@code oci://host/path/name}). Never throws: a
   * failure is a {@link ChartFetcher.Fetched} with its problem in words.
   */
  ChartFetcher.Fetched pull(String url, String name, Ref ref, boolean insecure) {
    return pulled.computeIfAbsent(
        List.of(url, name, ref, insecure), k -> pullOnce(url, name, ref, insecure));
  }

  private ChartFetcher.Fetched pullOnce(String url, String name, Ref ref, boolean insecure) {
    Location at = locate(url, insecure);
    if (at == null) {
      return failed("not an OCI reference: " + url);
    }
    String reference;
    String version;
    if (ref.digest() != null) {
      reference = ref.digest();
      version =
          ref.digest()
              .replaceFirst("^sha256:", "")
              .substring(0, Math.min(12, ref.digest().length()));
    } else if (ref.tag() != null) {
      reference = ref.tag().replace('+', '_');
      version = ref.tag().replace('_', '+');
    } else {
      Object chosen = highestTag(at, ref.semver());
      if (chosen instanceof Problem p) {
        return failed(p.words());
      }
      reference = (String) chosen;
      version = reference.replace('_', '+');
    }
    Object manifest = get(at, at.uri("/manifests/" + reference), MANIFEST, MAX_MANIFEST);
    if (manifest instanceof Problem p) {
      return failed(p.words());
    }
    Map<?, ?> layer = chartLayer(parse((String) manifest));
    if (layer == null) {
      return failed(url + ":" + reference + " holds no Helm chart layer (" + CHART_LAYER + ")");
    }
    String digest = String.valueOf(layer.get("digest"));
    if (!digest.startsWith("sha256:")) {
      return failed(url + ":" + reference + " names its chart by a digest spl cannot check");
    }
    if (layer.get("size") instanceof Number size && size.longValue() > MAX_CHART) {
      return failed(url + ":" + reference + " is over " + (MAX_CHART >> 20) + " MiB");
    }
    String hex = digest.substring("sha256:".length());
    Path target = cache.resolve(name + "-" + version.replaceAll("[^A-Za-z0-9._+-]", "_") + ".tgz");
    if (Files.isRegularFile(target) && hex.equalsIgnoreCase(ChartFetcher.sha256(target))) {
      return new ChartFetcher.Fetched(target, version, null);
    }
    try {
      Files.createDirectories(cache);
      Path part = Files.createTempFile(cache, name + "-", ".tgz.part");
      try {
        Object got = download(at, at.uri("/blobs/" + digest), part);
        if (got instanceof Problem p) {
          return failed(p.words());
        }
        if (!hex.equalsIgnoreCase(ChartFetcher.sha256(part))) {
          return failed(url + ":" + reference + "'s chart does not match its manifest's digest");
        }
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(part);
      }
      return new ChartFetcher.Fetched(target, version, null);
    } catch (IOException e) {
      return failed("cannot write Helm's cache " + cache + ": " + e.getMessage());
    }
  }

  private static ChartFetcher.Fetched failed(String problem) {
    return new ChartFetcher.Fetched(null, null, problem);
  }

  private record Problem(String words) {}

  private static Location locate(String url, boolean insecure) {
    if (url == null || !url.startsWith("oci://")) {
      return null;
    }
    String rest = url.substring("oci://".length()).replaceAll("/+$", "");
    int slash = rest.indexOf('/');
    if (slash <= 0 || slash == rest.length() - 1) {
      return null;
    }
    String host = rest.substring(0, slash);
    if (host.equals("docker.io")) {
      host = "registry-1.docker.io"; // Docker Hub's registry, as Helm's client resolves it
    }
    String hostName = host.replaceFirst(":\\d+$", "").replaceAll("[\\[\\]]", "");
    boolean loopback =
        hostName.equals("localhost") || hostName.startsWith("127.") || hostName.equals("::1");
    return new Location(insecure || loopback ? "http" : "https", host, rest.substring(slash + 1));
  }

  /** The highest tag {@code constraint} allows, or a {@link Problem}. */
  private Object highestTag(Location at, String constraint) {
    SemverConstraint allowed = SemverConstraint.parse(constraint == null ? "*" : constraint);
    String best = null;
    SemverConstraint.Version bestVersion = null;
    URI next = at.uri("/tags/list");
    for (int page = 0; next != null && page < MAX_TAG_PAGES; page++) {
      Answer<String> answer = exchange(at, next, "application/json", capped(MAX_TAGS));
      if (!answer.ok() || answer.response().body() == null) {
        return problem(at, next, answer);
      }
      HttpResponse<String> response = answer.response();
      if (parse(response.body()).get("tags") instanceof List<?> tags) {
        for (Object t : tags) {
          String tag = String.valueOf(t);
          Optional<SemverConstraint.Version> v =
              SemverConstraint.Version.parse(tag.replace('_', '+').replaceFirst("^v", ""));
          if (v.isPresent()
              && allowed.allows(v.get())
              && (bestVersion == null || v.get().compareTo(bestVersion) > 0)) {
            bestVersion = v.get();
            best = tag;
          }
        }
      }
      Matcher link = NEXT_LINK.matcher(response.headers().firstValue("Link").orElse(""));
      next = link.find() ? next.resolve(link.group(1)) : null;
    }
    return best != null
        ? best
        : new Problem(
            "oci://" + at.host() + "/" + at.repository() + " has no tag matching " + constraint);
  }

  /** A response, or why there is none. */
  private record Answer<T>(HttpResponse<T> response, String error) {
    boolean ok() {
      return response != null && response.statusCode() == 200;
    }
  }

  private Object get(Location at, URI uri, String accept, long max) {
    Answer<String> answer = exchange(at, uri, accept, capped(max));
    return answer.ok() && answer.response().body() != null
        ? answer.response().body()
        : problem(at, uri, answer);
  }

  private Object download(Location at, URI uri, Path to) {
    Answer<Path> answer = exchange(at, uri, "*/*", HttpResponse.BodyHandlers.ofFile(to));
    if (!answer.ok()) {
      return problem(at, uri, answer);
    }
    try {
      return Files.size(to) > MAX_CHART
          ? new Problem(uri + " is over " + (MAX_CHART >> 20) + " MiB")
          : to;
    } catch (IOException e) {
      return new Problem("cannot read what " + uri + " sent: " + e.getMessage());
    }
  }

  /** A body handler that refuses bodies over {@code max} bytes (answered as a null body). */
  private static HttpResponse.BodyHandler<String> capped(long max) {
    return info -> {
      long length = info.headers().firstValueAsLong("Content-Length").orElse(-1);
      if (length > max) {
        return HttpResponse.BodySubscribers.replacing(null);
      }
      return HttpResponse.BodySubscribers.mapping(
          HttpResponse.BodySubscribers.ofByteArray(),
          bytes -> bytes.length > max ? null : new String(bytes, StandardCharsets.UTF_8));
    };
  }

  /**
   * One request, with the registry's bearer token when it asks for one (fetched anonymously, once
   * per repository), redirects followed without the token to another host. Null when the registry
   * cannot be reached, with the reason.
   */
  private <T> Answer<T> exchange(
      Location at, URI uri, String accept, HttpResponse.BodyHandler<T> body) {
    String key = at.host() + "/" + at.repository();
    if (unreachable.containsKey(at.host())) {
      return new Answer<>(null, unreachable.get(at.host()));
    }
    URI current = uri;
    try {
      for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
        boolean registry = at.host().equals(current.getAuthority());
        HttpRequest.Builder request =
            HttpRequest.newBuilder(current).timeout(TIMEOUT).header("Accept", accept).GET();
        if (registry && tokens.get(key) != null) {
          request.header("Authorization", "Bearer " + tokens.get(key));
        }
        HttpResponse<T> response = http.send(request.build(), body);
        int status = response.statusCode();
        if (status == 401 && registry && !tokens.containsKey(key)) {
          tokens.put(key, token(response.headers().firstValue("WWW-Authenticate").orElse("")));
          if (tokens.get(key) != null) {
            hop--;
            continue;
          }
        }
        if (status >= 300
            && status < 400
            && response.headers().firstValue("Location").isPresent()) {
          current = current.resolve(response.headers().firstValue("Location").get());
          continue;
        }
        return new Answer<>(response, null);
      }
      return new Answer<>(null, uri + " redirects more than " + MAX_REDIRECTS + " times");
    } catch (java.net.http.HttpTimeoutException e) {
      return new Answer<>(
          null,
          remember(
              at,
              uri.getScheme()
                  + "://"
                  + uri.getAuthority()
                  + " did not answer within "
                  + TIMEOUT.toSeconds()
                  + " s"));
    } catch (IOException e) {
      return new Answer<>(
          null,
          remember(
              at,
              "cannot reach "
                  + uri.getScheme()
                  + "://"
                  + uri.getAuthority()
                  + ": "
                  + (e instanceof java.net.ConnectException
                      ? "nothing answers there"
                      : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Answer<>(null, "interrupted while fetching " + uri);
    } catch (IllegalArgumentException e) {
      return new Answer<>(null, "not a URL: " + current);
    }
  }

  private String remember(Location at, String why) {
    unreachable.put(at.host(), why);
    return why;
  }

  /**
   * An anonymous bearer token for a {@code WWW-Authenticate: Bearer
   * realm=...,service=...,scope=...} challenge (the distribution spec's token flow), or null when
   * the registry asks for more.
   */
  private String token(String challenge) {
    if (!challenge.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    Map<String, String> params = challengeParameters(challenge);
    String realm = params.get("realm");
    if (realm == null) {
      return null;
    }
    StringBuilder url = new StringBuilder(realm);
    String separator = realm.contains("?") ? "&" : "?";
    for (String name : List.of("service", "scope")) {
      if (params.get(name) != null) {
        url.append(separator)
            .append(name)
            .append('=')
            .append(URLEncoder.encode(params.get(name), StandardCharsets.UTF_8));
        separator = "&";
      }
    }
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url.toString())).timeout(TIMEOUT).GET().build(),
              capped(MAX_MANIFEST));
      if (response.statusCode() != 200 || response.body() == null) {
        return null;
      }
      Map<?, ?> answer = parse(response.body());
      Object token = answer.get("token") != null ? answer.get("token") : answer.get("access_token");
      return token == null ? null : String.valueOf(token);
    } catch (IOException | IllegalArgumentException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** The {@code name="value"} parameters of an authentication challenge. */
  static Map<String, String> challengeParameters(String challenge) {
    Map<String, String> out = new HashMap<>();
    Matcher m = CHALLENGE_PARAM.matcher(challenge);
    while (m.find()) {
      out.put(m.group(1).toLowerCase(java.util.Locale.ROOT), m.group(2));
    }
    return out;
  }

  private static Problem problem(Location at, URI uri, Answer<?> answer) {
    HttpResponse<?> response = answer.response();
    if (response == null) {
      return new Problem(answer.error());
    }
    int status = response.statusCode();
    if (status == 401 || status == 403) {
      return new Problem(
          "oci://"
              + at.host()
              + "/"
              + at.repository()
              + " needs credentials (HTTP "
              + status
              + "), which spl does not send");
    }
    if (status == 404) {
      return new Problem(uri + " is not in the registry (HTTP 404)");
    }
    if (response.body() == null && status == 200) {
      return new Problem(uri + " is larger than spl reads");
    }
    return new Problem(uri + " answered HTTP " + status);
  }

  /** The chart layer of an OCI image manifest, or null. */
  private static Map<?, ?> chartLayer(Map<?, ?> manifest) {
    if (manifest.get("layers") instanceof List<?> layers) {
      for (Object o : layers) {
        if (o instanceof Map<?, ?> layer && CHART_LAYER.equals(layer.get("mediaType"))) {
          return layer;
        }
      }
    }
    return null;
  }

  /** A JSON document (JSON is YAML 1.2) as a map; empty when it is not one. */
  private static Map<?, ?> parse(String json) {
    try {
      Object doc =
          new Load(LoadSettings.builder().setAllowDuplicateKeys(true).build()).loadFromString(json);
      return doc instanceof Map<?, ?> m ? m : Map.of();
    } catch (RuntimeException e) {
      return Map.of();
    }
  }
}
