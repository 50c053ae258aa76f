package dev.spl.rules.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlbWeightedForwardWithoutGroupStickinessTest {
  /** An ALB Ingress whose / goes to action "split" with these target groups and config. */
  private static String ingress(String attributes, String groups, String extra, String port) {
    return """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          namespace: shop
          annotations:
            alb.ingress.kubernetes.io/target-type: ip
            %s
            alb.ingress.kubernetes.io/actions.split: '{"type":"forward","forwardConfig":{"targetGroups":[%s]%s}}'
        spec:
          ingressClassName: alb
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: split, port: {name: %s}}}}
        """
        .formatted(attributes, groups, extra, port);
  }

  private static final String STICKY =
      "alb.ingress.kubernetes.io/target-group-attributes: stickiness.enabled=true";
  private static final String TWO =
      "{\"serviceName\":\"blue\",\"servicePort\":80,\"weight\":80},"
          + "{\"serviceName\":\"green\",\"servicePort\":80,\"weight\":20}";

  private static List<Finding> found(String yaml) {
    return Lint.of("SPL603", yaml, GatewayApiVersion.V1_6);
  }

  @Test
  void stickyGroupsSplitByWeightLoseTheirClients() {
    List<Finding> f = found(ingress(STICKY, TWO, "", "use-annotation"));
    assertEquals(1, f.size());
    assertEquals(
        "metadata.annotations[\"alb.ingress.kubernetes.io/actions.split\"]", f.get(0).field());
    assertTrue(f.get(0).message().contains("over 2 target groups (2 sticky)"), f.get(0).message());
    // a group stickiness config that is off keeps nobody in a group
    assertEquals(
        1,
        found(
                ingress(
                    STICKY,
                    TWO,
                    ",\"targetGroupStickinessConfig\":{\"enabled\":false}",
                    "use-annotation"))
            .size());
  }

  @Test
  void groupStickinessInAnyCaseSettlesIt() {
    // Go's encoding/json matches keys in any case, as the controller's docs write them
    assertTrue(
        found(
                ingress(
                    STICKY,
                    TWO,
                    ",\"TargetGroupStickinessConfig\":{\"Enabled\":true,\"DurationSeconds\":120}",
                    "use-annotation"))
            .isEmpty());
    assertTrue(
        found(
                ingress(
                    STICKY,
                    TWO,
                    ",\"targetGroupStickinessConfig\":{\"enabled\":true}",
                    "use-annotation"))
            .isEmpty());
  }

  @Test
  void aServicesOwnAttributesDecideItsGroup() {
    String services =
        """
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: blue
          namespace: shop
          annotations: {alb.ingress.kubernetes.io/target-group-attributes: stickiness.enabled=false}
        spec: {ports: [{port: 80}]}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: green, namespace: shop}
        spec: {ports: [{port: 80}]}
        """;
    // green takes the Ingress's stickiness, blue turns it off: one sticky group still loses clients
    List<Finding> f = found(ingress(STICKY, TWO, "", "use-annotation") + services);
    assertTrue(f.get(0).message().contains("(1 sticky)"), f.toString());
    // without stickiness anywhere, a weighted split is what was asked for
    assertTrue(
        found(ingress("alb.ingress.kubernetes.io/scheme: internal", TWO, "", "use-annotation"))
            .isEmpty());
  }

  @Test
  void onlyAnActionInUseThatSplitsIsJudged() {
    // not referenced by a use-annotation backend: the action is never built
    assertTrue(found(ingress(STICKY, TWO, "", "http")).isEmpty());
    // one group, or a zero weight, splits nothing
    String one = "{\"serviceName\":\"blue\",\"servicePort\":80,\"weight\":100}";
    assertTrue(found(ingress(STICKY, one, "", "use-annotation")).isEmpty());
    assertTrue(
        found(
                ingress(
                    STICKY,
                    one + ",{\"serviceName\":\"green\",\"servicePort\":80,\"weight\":0}",
                    "",
                    "use-annotation"))
            .isEmpty());
    // JSON the controller cannot read rejects the Ingress: another problem, not this one
    assertTrue(found(ingress(STICKY, TWO + ",{", "", "use-annotation")).isEmpty());
  }
}
