package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GkeIngressAffinityAnnotationTest {
  /** An Ingress with these annotation lines and spec lines. */
  private static String ingress(String annotations, String spec) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          namespace: shop
          annotations:
            %s
        spec:
          %s
          defaultBackend: {service: {name: shop, port: {number: 80}}}
        """
        .formatted(annotations.replace("\n", "\n    "), spec);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "nginx.ingress.kubernetes.io/affinity",
        "ingress.kubernetes.io/affinity",
        "traefik.ingress.kubernetes.io/affinity",
        "haproxy-ingress.github.io/affinity",
        "haproxy.org/cookie-persistence"
      })
  void everyOtherControllersSwitchIsUnreadOnGce(String key) {
    assertMarked(
        "SPL706",
        ingress(
            "kubernetes.io/ingress.class: gce\n"
                + key
                + ": cookie  # expect: SPL706 \""
                + key
                + " is ignored by GKE's gce Ingress\"",
            "ingressClassName: null"));
  }

  @Test
  void oneFindingPerIngressAtTheFirstSwitch() {
    List<Finding> f =
        of(
            "SPL706",
            ingress(
                "ingress.kubernetes.io/affinity: cookie\nnginx.ingress.kubernetes.io/affinity: cookie",
                "ingressClassName: gce"));
    assertEquals(1, f.size());
    assertEquals(
        "metadata.annotations[\"nginx.ingress.kubernetes.io/affinity\"]", f.get(0).field());
  }

  @Test
  void otherClassesAndEmptyValuesPass() {
    String sticky = "nginx.ingress.kubernetes.io/affinity: cookie";
    assertTrue(of("SPL706", ingress(sticky, "ingressClassName: nginx")).isEmpty());
    assertTrue(
        of(
                "SPL706",
                ingress(sticky + "\nkubernetes.io/ingress.class: gce", "ingressClassName: nginx"))
            .isEmpty(),
        "ingressClassName wins over the legacy annotation");
    assertTrue(
        of("SPL706", ingress(sticky, "ingressClassName: null")).isEmpty(),
        "no class: which controller serves it is the cluster's choice");
    assertTrue(
        of("SPL706", ingress("nginx.ingress.kubernetes.io/affinity: \"\"", "ingressClassName: gce"))
            .isEmpty(),
        "an empty value asks for no affinity");
    assertTrue(
        of(
                "SPL706",
                ingress(
                    "nginx.ingress.kubernetes.io/session-cookie-name: s", "ingressClassName: gce"))
            .isEmpty(),
        "cookie settings without the switch ask for nothing");
  }
}
