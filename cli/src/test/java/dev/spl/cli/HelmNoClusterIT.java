package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rendering a chart never contacts a cluster, as {@code helm template} does not: a chart's {@code
 * lookup} finds nothing even when the user's KUBECONFIG names a reachable API server (a loopback
 * stand-in here, answering and recording every request). In a fresh JVM, since Helm's library reads
 * the environment once, as it loads. Also: a chart that requires a recent Kubernetes renders, and
 * one that renders nothing is skipped, not a crash.
 */
class HelmNoClusterIT {
  @TempDir Path dir;

  // A namespaced and a cluster-scoped lookup (client-go asks discovery first for the latter, and a
  // failed discovery is an error for every group but the core one), each of an object and a list.
  private static final String LOOKUP_TEMPLATE =
      """
      {{- $s := lookup "v1" "Service" "shop" "cart" }}
      {{- $all := lookup "v1" "Service" "shop" "" }}
      {{- $vap := lookup "admissionregistration.k8s.io/v1" "ValidatingAdmissionPolicy" "" "x" }}
      {{- $vaps := lookup "admissionregistration.k8s.io/v1" "ValidatingAdmissionPolicy" "" "" }}
      apiVersion: v1
      kind: Service
      metadata:
        name: cart
        namespace: shop
      spec:
        sessionAffinity: {{ if or $s $all $vap $vaps }}None{{ else }}ClientIP{{ end }}
        type: NodePort
        ports: [{port: 80}]
      """;

  /** The user's KUBECONFIG names a reachable cluster. */
  @Test
  void lookupFindsNothingAndNoRequestLeaves() throws Exception {
    lintWithAClusterNamedBy(true);
  }

  /**
   * No KUBECONFIG: client-go's next place is $HOME/.kube/config (Go reads the environment the
   * process started with, so spl must point an existing variable elsewhere, not add one).
   */
  @Test
  void lookupFindsNothingWhenOnlyHomeNamesACluster() throws Exception {
    lintWithAClusterNamedBy(false);
  }

  private void lintWithAClusterNamedBy(boolean kubeconfigVariable) throws Exception {
    Path chart = Files.createDirectories(dir.resolve("shop/templates"));
    Files.writeString(
        dir.resolve("shop/Chart.yaml"),
        "apiVersion: v2\nname: shop\nversion: 0.1.0\nkubeVersion: \">=1.21.0-0\"\n");
    Files.writeString(chart.resolve("svc.yaml"), LOOKUP_TEMPLATE);
    Path empty = Files.createDirectories(dir.resolve("empty/templates"));
    Files.writeString(
        dir.resolve("empty/Chart.yaml"), "apiVersion: v2\nname: empty\nversion: 0.1.0\n");
    Files.writeString(
        empty.resolve("cm.yaml"),
        "{{- if .Values.on }}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n{{- end }}\n");
    List<String> requests = new CopyOnWriteArrayList<>();
    try (ServerSocket apiServer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread t = new Thread(() -> record(apiServer, requests));
      t.setDaemon(true);
      t.start();
      Path home = Files.createDirectories(dir.resolve("home/.kube"));
      Path kubeconfig = kubeconfigVariable ? dir.resolve("kubeconfig") : home.resolve("config");
      Files.writeString(
          kubeconfig,
          "apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: \"http://127.0.0.1:"
              + apiServer.getLocalPort()
              + "\"}}]\ncontexts: [{name: c, context: {cluster: c, user: u}}]\n"
              + "users: [{name: u, user: {token: t}}]\ncurrent-context: c\n");
      Command spl =
          Command.splOnClassPath(
                  List.of(),
                  "lint",
                  "--verbose",
                  "--gateway-api-version",
                  "v1.6",
                  dir.resolve("shop").toString(),
                  dir.resolve("empty").toString())
              .mergeErrors()
              .without("KUBECONFIG")
              .env("HOME", dir.resolve("home").toString());
      if (kubeconfigVariable) {
        spl.env("KUBECONFIG", kubeconfig.toString());
      }
      Command.Result result = spl.run();
      String out = result.output();
      int status = result.status();
      assertEquals(List.of(), requests, out);
      // every lookup found nothing, so the template chose ClientIP on a NodePort: SPL150
      assertTrue(out.contains("warning SPL150"), out);
      assertTrue(out.contains("templates/svc.yaml:11:3"), "mapped to the template line: " + out);
      assertTrue(out.contains("renders no object with these values"), out);
      // Helm logged no failed discovery, and its log lines would be --verbose "log:" lines
      assertTrue(out.lines().noneMatch(l -> l.matches("^\\d{4}/\\d\\d/\\d\\d .*")), out);
      assertEquals(0, status, out);
    }
  }

  private static void record(ServerSocket server, List<String> requests) {
    while (!server.isClosed()) {
      try (Socket s = server.accept()) {
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
          line.append((char) b);
        }
        requests.add(line.toString().strip());
        s.getOutputStream()
            .write(
                "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
      } catch (java.io.IOException e) {
        return;
      }
    }
  }
}
