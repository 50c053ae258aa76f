package dev.spl.rules.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AlbStickinessOnInstanceTargetsTest {
  private static String ingress(String cls, String annotations) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations: {%s}
        spec:
          %s
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
              - {path: /b, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
        """
        .formatted(annotations, cls == null ? "" : "ingressClassName: " + cls);
  }

  private static List<String> messages(String yaml) {
    return Lint.of("SPL601", yaml, GatewayApiVersion.V1_6).stream()
        .map(f -> f.resource().kind() + " " + f.position().line() + " " + f.message())
        .toList();
  }

  private static final String STICKY =
      "alb.ingress.kubernetes.io/target-group-attributes: 'stickiness.enabled=true'";

  @Test
  void stickinessOnDefaultOrInstanceTargetsIsReportedOncePerService() {
    assertEquals(
        List.of(
            "Ingress 5 stickiness pins a node, not a pod, with target-type instance (the default):"
                + " set target-type: ip for Service shop"),
        messages(ingress("alb", STICKY)));
    assertEquals(
        1,
        messages(ingress("alb", STICKY + ", alb.ingress.kubernetes.io/target-type: instance"))
            .size());
    assertEquals(
        List.of(),
        messages(ingress("alb", STICKY + ", alb.ingress.kubernetes.io/target-type: ip")));
    assertEquals(
        List.of(),
        messages(
            ingress(
                "alb",
                "alb.ingress.kubernetes.io/target-group-attributes: 'stickiness.enabled=false'")));
  }

  @Test
  void theServicesAnnotationsWinOverTheIngresss() {
    String service =
        """
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: shop
          annotations: {alb.ingress.kubernetes.io/target-type: ip}
        """;
    assertEquals(List.of(), messages(ingress("alb", STICKY) + service));
    String stickyService =
        """
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: shop
          annotations: {alb.ingress.kubernetes.io/target-group-attributes: stickiness.enabled=true}
        """;
    List<String> onService = messages(ingress("alb", "") + stickyService);
    assertEquals(1, onService.size(), onService.toString());
    assertEquals("Service", onService.get(0).split(" ")[0]);
  }

  @Test
  void onlyTheAwsLoadBalancerControllersIngressesAreRead() {
    assertEquals(List.of(), messages(ingress("nginx", STICKY)));
    assertEquals(
        1, messages(ingress(null, STICKY)).size(), "no class, the controller's annotations");
    String legacy = ingress(null, STICKY + ", kubernetes.io/ingress.class: alb");
    assertEquals(1, messages(legacy).size());
    String ownClass =
        """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: public}
        spec: {controller: ingress.k8s.aws/alb}
        ---
        """;
    assertEquals(1, messages(ownClass + ingress("public", STICKY)).size());
    assertEquals(
        List.of(),
        messages(
            ownClass.replace("ingress.k8s.aws/alb", "k8s.io/ingress-nginx")
                + ingress("public", STICKY)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "stickiness.enabled=true,stickiness.lb_cookie.duration_seconds=60|{stickiness.enabled=true, stickiness.lb_cookie.duration_seconds=60}",
        " stickiness.enabled = true , a=b |{stickiness.enabled=true, a=b}",
        "a=1\\,2,b=3|{a=1,2, b=3}",
        "a=x,y,z=1|{}",
        "a=1,b|{}",
        "a=1,|{a=1,}",
        "=1|{}",
        "stickiness.enabled=true,,|{}",
      })
  void attributesAreReadAsTheControllerReadsThem(String raw, String expected) {
    Map<String, String> read = AlbAnnotations.attributes(raw);
    assertEquals(expected, read.toString());
  }

  @Test
  void theClassesIngressClassParamsTargetTypeWinsOverTheAnnotations() {
    // model_build_target_group.go: IngressClassParams.spec.targetType, when set, is the type
    String classes =
        """
        apiVersion: networking.k8s.io/v1
        kind: IngressClass
        metadata: {name: %s}
        spec:
          controller: ingress.k8s.aws/alb
          parameters: {apiGroup: elbv2.k8s.aws, kind: IngressClassParams, name: %s}
        ---
        apiVersion: elbv2.k8s.aws/v1beta1
        kind: IngressClassParams
        metadata: {name: %s}
        spec: {targetType: %s}
        ---
        """;
    String sticky =
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          namespace: shop
          annotations:
            alb.ingress.kubernetes.io/target-type: %s
            alb.ingress.kubernetes.io/target-group-attributes: stickiness.enabled=true
        spec:
          ingressClassName: %s
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: cart, port: {number: 80}}}}
        """;
    // ip for the class: silent, though the Ingress says instance
    assertEquals(
        List.of(),
        withClasses(
            classes.formatted("ip-alb", "ip-params", "ip-params", "ip")
                + sticky.formatted("instance", "ip-alb")));
    // instance for the class: the Ingress's ip does not help, and the message says where to look
    List<String> found =
        withClasses(
            classes.formatted("inst-alb", "inst-params", "inst-params", "instance")
                + sticky.formatted("ip", "inst-alb"));
    assertEquals(1, found.size(), found::toString);
    assertTrue(found.get(0).contains("IngressClassParams sets targetType instance"), found.get(0));
    // a class whose parameters are not in sight: the annotations decide, as before
    assertEquals(
        List.of(),
        withClasses(
            classes.formatted("far-alb", "far-params", "other", "instance")
                + sticky.formatted("ip", "far-alb")));
  }

  /**
   * SPL601's messages, with the IngressClasses of the input known, as spl lint finds them first.
   */
  private static List<String> withClasses(String yaml) {
    var input = new dev.spl.load.ManifestLoader().loadText("test.yaml", yaml);
    return new dev.spl.Engine(
            dev.spl.catalogue.BuiltInRules.all().stream()
                .filter(r -> r.info().id().equals("SPL601"))
                .toList())
            .lint(
                input,
                dev.spl.LintOptions.defaults()
                    .withVersion(GatewayApiVersion.V1_6)
                    .withIngressClasses(dev.spl.index.IngressClasses.of(input.resources())))
            .findings()
            .stream()
            .map(f -> f.message())
            .toList();
  }

  @Test
  void anActionBackendIsNoService() {
    // a real repository's ssl-redirect: 9 of its 16 findings named that "Service"
    String yaml =
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          namespace: shop
          annotations:
            alb.ingress.kubernetes.io/target-group-attributes: stickiness.enabled=true
            alb.ingress.kubernetes.io/actions.ssl-redirect: '{"Type": "redirect"}'
        spec:
          ingressClassName: alb
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: ssl-redirect, port: {name: use-annotation}}}}
              - {path: /cart, pathType: Prefix, backend: {service: {name: cart, port: {number: 80}}}}
        """;
    List<String> found = messages(yaml);
    assertEquals(1, found.size(), found::toString);
    assertTrue(found.get(0).endsWith("for Service cart"), found.get(0));
  }

  @Test
  void aLongListIsReadInLinearTime() {
    // every comma is followed by an "=" somewhere: the controller's scan of the rest at each
    // comma would be quadratic. Counted, not timed: characters read per character given.
    CountingChars hostile =
        new CountingChars("a=1" + ", ".repeat(500_000) + "stickiness.enabled=true");
    assertEquals(Map.of(), AlbAnnotations.attributes(hostile));
    assertTrue(hostile.reads <= 3L * hostile.length(), hostile.reads + " reads");
    CountingChars many = new CountingChars("k=v,".repeat(200_000) + "stickiness.enabled=true");
    assertEquals("true", AlbAnnotations.attributes(many).get("stickiness.enabled"));
    assertTrue(many.reads <= 3L * many.length(), many.reads + " reads");
  }

  /** A string that counts how often its characters are read. */
  private static final class CountingChars implements CharSequence {
    private final String text;
    long reads;

    CountingChars(String text) {
      this.text = text;
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public char charAt(int index) {
      reads++;
      return text.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      reads += end - start;
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      reads += text.length();
      return text;
    }
  }

  /** A TargetGroupConfiguration with this spec (flow YAML inside spec). */
  private static String tgc(String name, String version, String spec) {
    return """
        apiVersion: gateway.k8s.aws/%s
        kind: TargetGroupConfiguration
        metadata: {name: %s, namespace: shop}
        spec: %s
        ---
        """
        .formatted(version, name, spec);
  }

  private static final String STICKY_ATTRIBUTES =
      "targetGroupAttributes: [{key: stickiness.enabled, value: 'true'}]";

  @Test
  void aTargetGroupConfigurationRegisteringNodesPinsNodes() {
    assertEquals(
        List.of(
            "TargetGroupConfiguration 4 stickiness pins a node, not a pod, with targetType instance:"
                + " set targetType: ip for Service cart"),
        messages(
            tgc(
                "cart",
                "v1",
                "{targetReference: {name: cart}, defaultConfiguration: {targetType: instance, "
                    + STICKY_ATTRIBUTES
                    + "}}")));
    assertEquals(
        1,
        messages(
                tgc(
                    "cart",
                    "v1beta1",
                    "{targetReference: {name: cart}, defaultConfiguration: {"
                        + STICKY_ATTRIBUTES
                        + "}}"))
            .size(),
        "unset, instance by the controller's default; v1beta1 is the same kind");
  }

  @Test
  void aDefaultConfigurationInSightMaySetTheTargetType() {
    String sticky =
        tgc(
            "cart",
            "v1",
            "{targetReference: {name: cart}, defaultConfiguration: {" + STICKY_ATTRIBUTES + "}}");
    String gatewayDefault = tgc("defaults", "v1", "{defaultConfiguration: {targetType: ip}}");
    assertEquals(List.of(), messages(sticky + gatewayDefault));
    assertEquals(
        1,
        messages(
                sticky.replace(
                        "defaultConfiguration: {", "defaultConfiguration: {targetType: instance, ")
                    + gatewayDefault)
            .size(),
        "written instance is certain whatever the defaults");
  }

  @Test
  void routePropsCombineWithTheDefaultOnes() {
    // sticky by default, one route registering pods: only the default block pins nodes
    List<String> found =
        messages(
            tgc(
                "cart",
                "v1",
                "{targetReference: {name: cart}, defaultConfiguration: {targetType: instance, "
                    + STICKY_ATTRIBUTES
                    + "}, routeConfigurations: [{routeIdentifier: {name: r}, targetGroupProps:"
                    + " {targetType: ip}}]}"));
    assertEquals(1, found.size(), found.toString());
    // a route switching stickiness off inherits the default's instance but is not sticky
    assertEquals(
        List.of(),
        messages(
            tgc(
                "cart",
                "v1",
                "{targetReference: {name: cart}, defaultConfiguration: {targetType: instance},"
                    + " routeConfigurations: [{routeIdentifier: {name: r}, targetGroupProps:"
                    + " {targetGroupAttributes: [{key: stickiness.enabled, value: 'false'}]}}]}")));
  }
}
