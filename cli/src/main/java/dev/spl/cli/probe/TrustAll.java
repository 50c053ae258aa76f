package dev.spl.cli.probe;

import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS that accepts any certificate for any host: {@code --insecure}, for self-signed test gateways
 * only. An extended trust manager, so JSSE adds no hostname check of its own (it wraps a plain
 * X509TrustManager in one).
 */
final class TrustAll {
  private TrustAll() {}

  static SSLContext context() throws IOException {
    TrustManager trustAll =
        new X509ExtendedTrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType, Socket s) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType, Socket s) {}

          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine e) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine e) {}

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
          }
        };
    try {
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, new TrustManager[] {trustAll}, null);
      return ctx;
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot set up TLS: " + e.getMessage(), e);
    }
  }
}
