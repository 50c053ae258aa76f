package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
class IngressClassScanTest {
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
}
