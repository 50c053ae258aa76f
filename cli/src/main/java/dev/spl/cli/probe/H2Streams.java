package dev.spl.cli.probe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Streams of several token jars, interleaved on one HTTP/2 connection: the JDK's client opens one
 * h2 connection per origin and multiplexes concurrent requests on it, so after a first request has
 * opened it, the rest are sent at once and their streams interleave.
 */
final class H2Streams {
  /**
   * What came back: whether h2 was negotiated (and which version was, when not), how many requests
   * were sent, and per jar the backends its streams reached.
   */
  record Result(boolean negotiated, String version, int sent, List<Map<String, Integer>> byJar) {}

  private H2Streams() {}

  /**
   * {@code perJar} requests per token in {@code tokens}, each carrying {@code header: prefix+token}
   * (a cookie or a persistence header), the first one alone to open the connection.
   */
  static Result interleaved(
      URI url,
      List<String> tokens,
      int perJar,
      String header,
      String prefix,
      String servedBy,
      Duration timeout,
      boolean insecure)
      throws IOException {
    HttpClient client = client(timeout, insecure);
    List<Map<String, Integer>> byJar = new ArrayList<>();
    tokens.forEach(t -> byJar.add(new LinkedHashMap<>()));
    HttpResponse<Void> opening =
        send(client, request(url, header, prefix + tokens.get(0), timeout));
    if (opening.version() != HttpClient.Version.HTTP_2) {
      return new Result(false, opening.version().toString(), 1, byJar);
    }
    byJar.get(0).merge(served(opening, servedBy), 1, Integer::sum);
    int sent = 1;
    List<CompletableFuture<HttpResponse<Void>>> streams = new ArrayList<>();
    List<Integer> jarOf = new ArrayList<>();
    for (int round = 0; round < perJar; round++) {
      for (int jar = 0; jar < tokens.size(); jar++) {
        if (round == 0 && jar == 0) {
          continue; // the opening request was jar 1's first
        }
        streams.add(
            client.sendAsync(
                request(url, header, prefix + tokens.get(jar), timeout),
                HttpResponse.BodyHandlers.discarding()));
        jarOf.add(jar);
        sent++;
      }
    }
    for (int i = 0; i < streams.size(); i++) {
      String backend;
      try {
        HttpResponse<Void> r = streams.get(i).join();
        backend =
            r.version() == HttpClient.Version.HTTP_2
                ? served(r, servedBy)
                : "(" + r.version() + ") " + served(r, servedBy);
      } catch (CompletionException e) {
        backend = "error: " + e.getCause().getClass().getSimpleName();
      }
      byJar.get(jarOf.get(i)).merge(backend, 1, Integer::sum);
    }
    return new Result(true, "HTTP_2", sent, byJar);
  }

  private static String served(HttpResponse<?> r, String servedBy) {
    return r.headers()
        .firstValue(servedBy)
        .orElse("(no " + servedBy + ", status " + r.statusCode() + ")");
  }

  private static HttpRequest request(URI url, String header, String value, Duration timeout) {
    return HttpRequest.newBuilder(url).timeout(timeout).header(header, value).GET().build();
  }

  private static HttpResponse<Void> send(HttpClient client, HttpRequest request)
      throws IOException {
    try {
      return client.send(request, HttpResponse.BodyHandlers.discarding());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static HttpClient client(Duration timeout, boolean insecure) throws IOException {
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_2)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER);
    if (insecure) {
      builder.sslContext(TrustAll.context());
    }
    return builder.build();
  }
}
