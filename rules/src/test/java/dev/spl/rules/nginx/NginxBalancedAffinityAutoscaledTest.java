package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.api.Test;

class NginxBalancedAffinityAutoscaledTest {
  private static final String SERVICE =
      "---\napiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\n"
          + "spec: {selector: {app: web}}\n";

  private static String deployment(String name, String app) {
    return "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: "
        + name
        + ", namespace: shop}\nspec:\n  template:\n    metadata: {labels: {app: "
        + app
        + "}}\n";
  }

  private static String hpa(String target) {
    return "---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n"
        + "metadata: {name: h, namespace: shop}\n"
        + "spec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: "
        + target
        + "}, maxReplicas: 5}\n";
  }

  @Test
  void anAutoscaledWorkloadTheServiceSelects() {
    var f =
        assertMarked(
                "SPL207",
                ingressOf(
                        "a",
                        "nginx",
                        "web",
                        nginx("affinity", "cookie")
                            + "  # expect: SPL207 \"HPA h scales Deployment web-v1\"")
                    + SERVICE
                    + deployment("web-v1", "web")
                    + hpa("web-v1"))
            .get(0);
    assertTrue(f.severity() == Severity.INFO);
    assertMarked(
        "SPL207",
        ingressOf(
                "a",
                "nginx",
                "web",
                nginx("affinity", "cookie"),
                nginx("affinity-mode", "balanced") + "  # expect: SPL207 \"of Service web\"")
            + hpa("web"));
  }

  @Test
  void persistentOtherWorkloadsAndNoAutoscalerPass() {
    String cookie = ingressOf("a", "nginx", "web", nginx("affinity", "cookie"));
    assertTrue(
        of(
                "SPL207",
                ingressOf(
                        "a",
                        "nginx",
                        "web",
                        nginx("affinity", "cookie"),
                        nginx("affinity-mode", "persistent"))
                    + hpa("web"))
            .isEmpty());
    assertTrue(
        of("SPL207", cookie + SERVICE + deployment("batch", "batch") + hpa("batch")).isEmpty(),
        "the autoscaled workload is not the Service's");
    assertTrue(of("SPL207", cookie + SERVICE + deployment("web", "web")).isEmpty());
    assertTrue(of("SPL207", ingressOf("a", "nginx", "web") + hpa("web")).isEmpty(), "no affinity");
  }
}
