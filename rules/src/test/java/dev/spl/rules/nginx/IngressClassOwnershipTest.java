package dev.spl.rules.nginx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.index.IngressClasses;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An IngressClass in the input decides which controller serves the Ingresses of its class. */
class IngressClassOwnershipTest {
  private static String ingressClass(String name, String controller) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: %s}
        spec: {controller: %s}
        ---
        """
        .formatted(name, controller);
  }

  private static String ingress(String cls, String annotations) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: cafe
          annotations: {%s}
        spec:
          ingressClassName: %s
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: cafe, port: {number: 80}}}}
        """
        .formatted(annotations, cls);
  }

  private static List<String> rules(String yaml) {
    return new Engine()
            .lint(
                new ManifestLoader().loadText("in.yaml", yaml),
                LintOptions.defaults().withVersion(GatewayApiVersion.V1_6))
            .findings()
            .stream()
            .map(f -> f.ruleId())
            .toList();
  }

  private static final String F5_HASH = "nginx.org/lb-method: ip_hash";
  private static final String BAD_MAX_AGE =
      "nginx.ingress.kubernetes.io/affinity: cookie,"
          + " nginx.ingress.kubernetes.io/session-cookie-max-age: 48h";

  @Test
  void anIngressNginxClassMakesF5AnnotationsUnread() {
    assertEquals(
        List.of("SPL204"),
        rules(ingressClass("public", "k8s.io/ingress-nginx") + ingress("public", F5_HASH)));
    // a second installation's own controller value, as the chart's controllerValue writes it
    assertEquals(
        List.of("SPL204"),
        rules(
            ingressClass("internal", "k8s.io/internal-ingress-nginx")
                + ingress("internal", F5_HASH)));
    // without the IngressClass, an Ingress with F5's annotations only is taken for F5's
    assertEquals(List.of(), rules(ingress("public", F5_HASH)));
  }

  @Test
  void anotherControllersClassIsNotJudgedAsIngressNginx() {
    assertEquals(List.of("SPL202"), rules(ingress("nginx", BAD_MAX_AGE)));
    // F5 reads none of ingress-nginx's annotations: SPL209 says its affinity is dead
    assertEquals(
        List.of("SPL209"),
        rules(
            ingressClass("nginx", "nginx.org/ingress-controller") + ingress("nginx", BAD_MAX_AGE)));
  }

  @Test
  void aClassDefinedTwiceDifferentlyDecidesNothing() {
    String twice =
        ingressClass("nginx", "nginx.org/ingress-controller")
            + ingressClass("nginx", "k8s.io/ingress-nginx");
    assertEquals(List.of("SPL202"), rules(twice + ingress("nginx", BAD_MAX_AGE)));
    LoadedInput in = new ManifestLoader().loadText("in.yaml", twice);
    assertTrue(IngressClasses.of(in.resources()).isEmpty());
    LoadedInput once = new ManifestLoader().loadText("in.yaml", ingressClass("a", "x/y"));
    assertEquals(Optional.of("x/y"), IngressClasses.of(once.resources()).controllerOf("a"));
    assertEquals(Optional.empty(), IngressClasses.of(once.resources()).controllerOf(null));
  }

  @Test
  void theLegacyAnnotationIsNotAnIngressClassName() {
    // kubernetes.io/ingress.class is matched against the controller's --ingress-class, not an
    // IngressClass object: the IngressClass named like it decides nothing
    String legacy =
        ingress("x", BAD_MAX_AGE + ", kubernetes.io/ingress.class: nginx")
            .replace("  ingressClassName: x\n", "");
    assertEquals(
        List.of("SPL202"), rules(ingressClass("nginx", "nginx.org/ingress-controller") + legacy));
  }
}
