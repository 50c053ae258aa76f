package dev.spl.rules.traefik;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class TraefikStickyOnIngressTest {
  static String object(String kind, String apiVersion, String... annotations) {
    StringBuilder out =
        new StringBuilder(
            "apiVersion: "
                + apiVersion
                + "\nkind: "
                + kind
                + "\nmetadata:\n  name: whoami\n  namespace: shop\n  annotations:\n");
    for (String a : annotations) {
      out.append("    traefik.ingress.kubernetes.io/").append(a).append('\n');
    }
    if (kind.equals("Ingress")) {
      out.append(
          "spec:\n  rules:\n  - http:\n      paths:\n      - path: /\n        pathType: Prefix\n"
              + "        backend: {service: {name: whoami-svc, port: {number: 80}}}\n");
    } else {
      out.append("spec:\n  ports: [{port: 80}]\n");
    }
    return out.toString();
  }

  @Test
  void stickyOnTheIngress() {
    var f =
        assertMarked(
                "SPL501",
                object(
                    "Ingress",
                    "networking.k8s.io/v1",
                    "router.entrypoints: web",
                    "service.sticky.cookie: \"true\"  # expect: SPL501 \"move all 2 to Service whoami-svc\"",
                    "service.sticky.cookie.name: s"))
            .get(0);
    assertTrue(f.severity() == Severity.ERROR);
  }

  @Test
  void onTheServiceOrOtherAnnotationsPass() {
    assertTrue(of("SPL501", object("Service", "v1", "service.sticky.cookie: \"true\"")).isEmpty());
    assertTrue(
        of("SPL501", object("Ingress", "networking.k8s.io/v1", "router.tls: \"true\"")).isEmpty());
  }

  @Test
  void aDefaultBackendNamesTheServiceAndAnOddOneDoesNotBreakIt() {
    String ingress =
        "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: w\n  annotations:\n"
            + "    traefik.ingress.kubernetes.io/service.sticky.cookie: \"true\"\n"
            + "spec:\n  defaultBackend: {service: {name: %s, port: {number: 80}}}\n";
    assertMarked(
        "SPL501",
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: w
          annotations:
            traefik.ingress.kubernetes.io/service.sticky.cookie: "true"  # expect: SPL501 "move it to Service whoami"
        spec:
          defaultBackend: {service: {name: whoami, port: {number: 80}}}
        """);
    assertMarked(
        "SPL501",
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: w
          annotations:
            traefik.ingress.kubernetes.io/service.sticky.cookie: "true"  # expect: SPL501 "move it to the Service"
        spec:
          defaultBackend: {service: {name: {a: b}, port: {number: 80}}}
        """);
  }
}
