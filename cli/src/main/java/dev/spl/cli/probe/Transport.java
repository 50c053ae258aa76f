package dev.spl.cli.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.Timeout;

/**
 * The probe's HTTP: a GET from a chosen source address (a client per address, binding its
 * connections there), with a session token or none. No cookie store, no redirects, no retries: the
 * probe decides what each request carries.
 */
final class Transport implements AutoCloseable {
  /** One answer: status, headers by lower-case name, body. */
  record Response(int status, Map<String, List<String>> headers, byte[] body) {
    String first(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null || values.isEmpty() ? null : values.get(0);
    }

    List<String> all(String name) {
      return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }
  }

  private final Duration timeout;
  private final boolean insecure;
  private final Map<InetAddress, CloseableHttpClient> clients = new HashMap<>();
  private CloseableHttpClient unbound;

  Transport(Duration timeout, boolean insecure) {
    this.timeout = timeout;
    this.insecure = insecure;
  }

  /**
   * GET {@code url} from {@code source} (null: as the system routes it) with one header or none.
   */
  Response get(URI url, InetAddress source, String header, String value) throws IOException {
    HttpGet get = new HttpGet(url);
    if (header != null) {
      get.addHeader(header, value);
    }
    return client(source)
        .execute(
            get,
            response -> {
              Map<String, List<String>> headers = new HashMap<>();
              for (Header h : response.getHeaders()) {
                headers
                    .computeIfAbsent(h.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(h.getValue());
              }
              byte[] body =
                  response.getEntity() == null
                      ? new byte[0]
                      : EntityUtils.toByteArray(response.getEntity());
              return new Response(response.getCode(), headers, body);
            });
  }

  private CloseableHttpClient client(InetAddress source) throws IOException {
    if (source == null) {
      if (unbound == null) {
        unbound = build(null);
      }
      return unbound;
    }
    CloseableHttpClient c = clients.get(source);
    if (c == null) {
      c = build(source);
      clients.put(source, c);
    }
    return c;
  }

  private CloseableHttpClient build(InetAddress source) throws IOException {
    PoolingHttpClientConnectionManagerBuilder connections =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(Timeout.of(timeout))
                    .setSocketTimeout(Timeout.of(timeout))
                    .build());
    if (insecure) {
      connections.setTlsSocketStrategy(
          (TlsSocketStrategy)
              ClientTlsStrategyBuilder.create()
                  .setSslContext(TrustAll.context())
                  // only the no-op verifier, not JSSE's built-in endpoint check as well
                  .setHostVerificationPolicy(HostnameVerificationPolicy.CLIENT)
                  .setHostnameVerifier(NoopHostnameVerifier.INSTANCE)
                  .build());
    }
    return HttpClients.custom()
        .setConnectionManager(connections.build())
        .setRoutePlanner(
            new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE) {
              @Override
              protected InetAddress determineLocalAddress(HttpHost firstHop, HttpContext context) {
                return source;
              }
            })
        .disableCookieManagement()
        .disableRedirectHandling()
        .disableAutomaticRetries()
        .disableContentCompression()
        .build();
  }

  @Override
  public void close() throws IOException {
    if (unbound != null) {
      unbound.close();
    }
    for (CloseableHttpClient c : clients.values()) {
      c.close();
    }
  }
}
