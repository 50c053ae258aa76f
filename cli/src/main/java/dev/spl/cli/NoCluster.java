package dev.spl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps in-process Helm away from every cluster, as {@code helm template} is: a chart's {@code
 * lookup} finds nothing. helm-java renders through Helm's install action, which asks the cluster
 * that KUBECONFIG names; so before Helm's Go library is loaded (it reads the environment once, as
 * it loads), KUBECONFIG is pointed at a kubeconfig whose only server is a loopback socket of this
 * process that answers 404 Not Found to everything, and Helm's own cluster variables are unset.
 * Java's view of the environment (spl audit's kubeconfig) is a copy taken at start and unchanged.
 */
final class NoCluster {
  private static boolean installed;

  private NoCluster() {}

  /** The C library's environment calls. */
  interface LibC extends com.sun.jna.Library {
    int setenv(String name, String value, int overwrite);

    int unsetenv(String name);
  }

  /** Installs the isolation once; false when it cannot (then Helm is not used in-process). */
  static synchronized boolean install() {
    if (installed) {
      return true;
    }
    try {
      ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      Thread answers = new Thread(() -> answerNotFound(server), "spl-no-cluster");
      answers.setDaemon(true);
      answers.start();
      Path config = Files.createTempFile("spl-no-cluster", ".kubeconfig");
      config.toFile().deleteOnExit();
      Files.writeString(
          config,
          "apiVersion: v1\nkind: Config\n"
              + "clusters: [{name: none, cluster: {server: \"http://127.0.0.1:"
              + server.getLocalPort()
              + "\"}}]\n"
              + "contexts: [{name: none, context: {cluster: none, user: none}}]\n"
              + "users: [{name: none, user: {}}]\ncurrent-context: none\n");
      LibC libc = com.sun.jna.Native.load("c", LibC.class);
      for (String name :
          new String[] {
            "HELM_KUBEAPISERVER",
            "HELM_KUBECONTEXT",
            "HELM_KUBETOKEN",
            "HELM_KUBEASUSER",
            "HELM_KUBEASGROUPS",
            "HELM_KUBECAFILE",
            "HELM_KUBEINSECURE_SKIP_TLS_VERIFY",
            "HELM_KUBETLS_SERVER_NAME"
          }) {
        libc.unsetenv(name);
      }
      if (libc.setenv("KUBECONFIG", config.toString(), 1) != 0) {
        return false;
      }
      installed = true;
      return true;
    } catch (IOException | RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static void answerNotFound(ServerSocket server) {
    byte[] notFound =
        ("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Connection: close\r\n\r\n{}")
            .getBytes(StandardCharsets.US_ASCII);
    while (!server.isClosed()) {
      try (Socket s = server.accept()) {
        s.setSoTimeout(5000);
        InputStream in = s.getInputStream();
        // Read the request head (a GET has no body), then answer and close.
        int last4 = 0;
        int b;
        while ((b = in.read()) >= 0) {
          last4 = (last4 << 8) | b;
          if (last4 == 0x0d0a0d0a) {
            break;
          }
        }
        OutputStream out = s.getOutputStream();
        out.write(notFound);
        out.flush();
      } catch (IOException e) {
        // one failed exchange; keep answering the next
      }
    }
  }
}
