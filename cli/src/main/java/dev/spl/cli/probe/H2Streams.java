package dev.spl.cli.probe;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.H2AsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;

/**
 * Streams of several token jars, interleaved on one HTTP/2 connection: HttpClient's HTTP/2 client
 * keeps one connection per origin and multiplexes concurrent requests on it, so after a first
 * request has opened it, the rest are sent at once and their streams interleave. It speaks HTTP/2
 * only (ALPN h2 over TLS, prior knowledge over cleartext), so a gateway that does not is told by
 * the first request failing.
 */
final class H2Streams {
  /**
   * What came back: whether HTTP/2 was spoken (and why not, when not), how many requests were sent,
   * and per jar the backends its streams reached.
   */
  record Result(boolean negotiated, String whyNot, int sent, List<Map<String, Integer>> byJar) {}

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
    List<Map<String, Integer>> byJar = new ArrayList<>();
    tokens.forEach(t -> byJar.add(new LinkedHashMap<>()));
    CloseableHttpAsyncClient client = client(timeout, insecure);
    try {
      client.start();
      SimpleHttpResponse opening;
      try {
        opening =
            answer(client.execute(request(url, header, prefix + tokens.get(0)), null), timeout);
      } catch (ExecutionException e) {
        return new Result(false, reason(e.getCause()), 1, byJar);
      }
      byJar.get(0).merge(served(opening, servedBy), 1, Integer::sum);
      int sent = 1;
      List<Future<SimpleHttpResponse>> streams = new ArrayList<>();
      List<Integer> jarOf = new ArrayList<>();
      for (int round = 0; round < perJar; round++) {
        for (int jar = 0; jar < tokens.size(); jar++) {
          if (round == 0 && jar == 0) {
            continue; // the opening request was jar 1's first
          }
          streams.add(client.execute(request(url, header, prefix + tokens.get(jar)), null));
          jarOf.add(jar);
          sent++;
        }
      }
      for (int i = 0; i < streams.size(); i++) {
        String backend;
        try {
          backend = served(answer(streams.get(i), timeout), servedBy);
        } catch (ExecutionException e) {
          backend = "error: " + e.getCause().getClass().getSimpleName();
        }
        byJar.get(jarOf.get(i)).merge(backend, 1, Integer::sum);
      }
      return new Result(true, null, sent, byJar);
    } finally {
      client.close(CloseMode.IMMEDIATE);
    }
  }

  /** The answer, or ExecutionException when the request failed or took longer than allowed. */
  private static SimpleHttpResponse answer(Future<SimpleHttpResponse> f, Duration timeout)
      throws IOException, ExecutionException {
    try {
      return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new ExecutionException(e);
    }
  }

  private static String reason(Throwable cause) {
    String message = cause.getMessage();
    return cause instanceof TimeoutException
        ? "no HTTP/2 answer in time"
        : cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static String served(SimpleHttpResponse r, String servedBy) {
    Header h = r.getFirstHeader(servedBy);
    return h != null ? h.getValue() : "(no " + servedBy + ", status " + r.getCode() + ")";
  }

  private static SimpleHttpRequest request(URI url, String header, String value) {
    return SimpleRequestBuilder.get(url).addHeader(header, value).build();
  }

  private static CloseableHttpAsyncClient client(Duration timeout, boolean insecure)
      throws IOException {
    H2AsyncClientBuilder builder =
        HttpAsyncClients.customHttp2()
            .setIOReactorConfig(IOReactorConfig.custom().setSoTimeout(Timeout.of(timeout)).build())
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(Timeout.of(timeout))
                    .setSocketTimeout(Timeout.of(timeout))
                    .build())
            .disableCookieManagement()
            .disableRedirectHandling()
            .disableAutomaticRetries();
    if (insecure) {
      builder.setTlsStrategy(
          ClientTlsStrategyBuilder.create()
              .setSslContext(TrustAll.context())
              // only the no-op verifier, not JSSE's built-in endpoint check as well
              .setHostVerificationPolicy(HostnameVerificationPolicy.CLIENT)
              .setHostnameVerifier(NoopHostnameVerifier.INSTANCE)
              .build());
    }
    return builder.build();
  }
}
