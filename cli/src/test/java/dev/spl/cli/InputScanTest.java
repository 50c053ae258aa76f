package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * spl lint finds the IngressClasses of its input before it lints a file, so an IngressClass in one
 * file decides for an Ingress in another, read first.
 */
class InputScanTest {
  private static final String INGRESS =
      """
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: cafe
        annotations: {nginx.org/lb-method: ip_hash}
      spec:
        ingressClassName: public
        rules:
        - http:
            paths:
            - {path: /, pathType: Prefix, backend: {service: {name: cafe, port: {number: 80}}}}
      """;

  @Test
  void anIngressClassInAnotherFileDecidesTheController(@TempDir Path temp) throws IOException {
    Files.writeString(temp.resolve("a-ingress.yaml"), INGRESS);
    CliRun without = CliRun.of("lint", temp.toString());
    assertTrue(without.out().startsWith("0 errors, 0 warnings"), without.out());
    Files.writeString(
        temp.resolve("z-class.yaml"),
        """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: public}
        spec: {controller: k8s.io/ingress-nginx}
        """);
    CliRun with = CliRun.of("lint", temp.toString());
    assertEquals(
        1, with.out().lines().filter(l -> l.contains("warning SPL204")).count(), with.out());
    assertTrue(with.out().contains("a-ingress.yaml:5:17: warning SPL204"), with.out());
    // a file the directory's .spl.yaml excludes decides nothing, as it is not linted
    Files.writeString(temp.resolve(".spl.yaml"), "exclude: [z-class.yaml]\n");
    CliRun excluded = CliRun.of("lint", temp.toString());
    assertTrue(excluded.out().startsWith("0 errors, 0 warnings"), excluded.out());
  }

  private static final String EG_ROUTE =
      """
      apiVersion: gateway.networking.k8s.io/v1
      kind: GatewayClass
      metadata: {name: eg}
      spec: {controllerName: gateway.envoyproxy.io/gatewayclass-controller}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata: {name: eg, namespace: shop}
      spec: {gatewayClassName: eg, listeners: [{name: web, port: 443, protocol: HTTPS}]}
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: store, namespace: shop}
      spec:
        parentRefs: [{name: eg}]
        rules:
        - matches: [{path: {value: /cart}}]
          backendRefs: [{name: cart, port: 80}]
          sessionPersistence: {sessionName: store}
        - matches: [{path: {value: /checkout}}]
          backendRefs: [{name: checkout, port: 80}]
          sessionPersistence: {sessionName: store}
      """;

  @Test
  void envoyGatewaysImageTagDecidesItsCookiePath(@TempDir Path temp) throws IOException {
    Files.writeString(temp.resolve("route.yaml"), EG_ROUTE);
    CliRun assumed = CliRun.of("lint", temp.toString());
    assertTrue(
        assumed.out().contains("warning SPL135")
            && assumed.out().contains("Envoy Gateway v1.10+ (assumed) sets both on Path=/"),
        assumed.out());

    // The controller's Deployment, in another file, says v1.9: cookies follow each rule's path.
    Files.createDirectories(temp.resolve("eg"));
    Files.writeString(
        temp.resolve("eg/deployment.yaml"),
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: envoy-gateway, namespace: envoy-gateway-system}
        spec:
          template:
            spec:
              containers:
              - name: envoy-gateway
                image: "docker.io/envoyproxy/gateway:v1.9.2"
        """);
    CliRun v19 = CliRun.of("lint", temp.toString());
    assertFalse(v19.out().contains("SPL135"), v19.out());
    assertTrue(
        v19.out().contains("Envoy Gateway v1.9.2 (image docker.io/envoyproxy/gateway:v1.9.2 in "),
        v19.out());

    // .spl.yaml wins over what the repository holds.
    Files.writeString(temp.resolve(".spl.yaml"), "controllers: {envoy-gateway: v1.11}\n");
    CliRun configured = CliRun.of("lint", temp.toString());
    assertTrue(
        configured.out().contains("Envoy Gateway v1.11 sets both on Path=/"), configured.out());
  }
}
