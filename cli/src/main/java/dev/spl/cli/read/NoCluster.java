package dev.spl.cli.read;

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
public final class NoCluster {
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
      // Go reads the environment block the process started with, so only a variable already in
      // it can be changed where Go sees it (setenv of a new one goes to a copy): KUBECONFIG when
      // the user has one, else HOME, whose .kube/config is the next place client-go looks.
      if (System.getenv("KUBECONFIG") != null) {
        if (libc.setenv("KUBECONFIG", config.toString(), 1) != 0) {
          return false;
        }
      } else if (System.getenv("HOME") != null) {
        Path home = Files.createTempDirectory("spl-no-cluster-home");
        Path kube = Files.createDirectories(home.resolve(".kube"));
        Files.copy(config, kube.resolve("config"));
        for (Path p : new Path[] {kube.resolve("config"), kube, home}) {
          p.toFile().deleteOnExit();
        }
        if (libc.setenv("HOME", home.toString(), 1) != 0) {
          return false;
        }
      } else {
        return false; // nothing to point Helm away with: the helm binary renders instead
      }
      installed = true;
      return true;
    } catch (IOException | RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static void answerNotFound(ServerSocket server) {
    while (!server.isClosed()) {
      try (Socket s = server.accept()) {
        s.setSoTimeout(5000);
        InputStream in = s.getInputStream();
        // Read the request head (a GET has no body), then answer and close.
        StringBuilder head = new StringBuilder();
        int last4 = 0;
        int b;
        while ((b = in.read()) >= 0 && head.length() < 16_384) {
          head.append((char) b);
          last4 = (last4 << 8) | b;
          if (last4 == 0x0d0a0d0a) {
            break;
          }
        }
        OutputStream out = s.getOutputStream();
        out.write(answer(head.toString()));
        out.flush();
      } catch (IOException e) {
        // one failed exchange; keep answering the next
      }
    }
  }

  /**
   * Discovery of a group version answers that it serves no resource, everything else is 404: so
   * {@code lookup} of any kind, namespaced or cluster-scoped, finds nothing instead of failing (a
   * 404 on discovery is an error for every group but the core one). With no resource found, the
   * object's own request goes to {@code /api/<name>} or {@code /api}: a 404, so "not found".
   */
  static byte[] answer(String requestHead) {
    String[] requestLine = requestHead.split(" ", 3);
    String target = requestLine.length > 1 ? requestLine[1] : "/";
    String path = target.split("\\?", 2)[0];
    String body;
    String status;
    java.util.regex.Matcher gv = DISCOVERY.matcher(path);
    if (gv.matches() && target.contains("?")) { // client-go asks discovery with ?timeout=
      status = "200 OK";
      body =
          "{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":\""
              + (gv.group(1) == null ? "v1" : gv.group(1))
              + "\",\"resources\":[]}";
    } else {
      status = "404 Not Found";
      body =
          "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
              + "\"reason\":\"NotFound\",\"code\":404}";
    }
    return ("HTTP/1.1 "
            + status
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + body.length()
            + "\r\nConnection: close\r\n\r\n"
            + body)
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** {@code /api/v1} or {@code /apis/<group>/<version>}: one group version's discovery. */
  private static final java.util.regex.Pattern DISCOVERY =
      java.util.regex.Pattern.compile("/api/v1|/apis/([^/]+/[^/]+)");
}
