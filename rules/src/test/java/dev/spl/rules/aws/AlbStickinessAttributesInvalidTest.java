package dev.spl.rules.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spl.Lint;
import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AlbStickinessAttributesInvalidTest {
  private static String problem(String raw) {
    return AlbStickinessAttributesInvalid.problem(AlbAnnotations.attributes(raw));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "stickness.enabled=true|target group attribute stickness.enabled is not one ALBs have; did"
            + " you mean 'stickiness.enabled'?",
        "stickiness.enabled=true,stickiness.lb_cookie.duraton_seconds=60|target group attribute"
            + " stickiness.lb_cookie.duraton_seconds is not one ALBs have; did you mean"
            + " 'stickiness.lb_cookie.duration_seconds'?",
        "stickiness.enabled=true,stickiness.type=source_ip|stickiness.type source_ip is not an"
            + " ALB's: use lb_cookie or app_cookie",
        "stickiness.lb_cookie.duration_seconds=0|stickiness.lb_cookie.duration_seconds 0 is not"
            + " 1-604800 seconds (7 days at most)",
        "stickiness.lb_cookie.duration_seconds=604801|stickiness.lb_cookie.duration_seconds 604801"
            + " is not 1-604800 seconds (7 days at most)",
        "stickiness.app_cookie.duration_seconds=1h|stickiness.app_cookie.duration_seconds 1h is not"
            + " 1-604800 seconds (7 days at most)",
        "stickiness.enabled=true,stickiness.type=app_cookie|app_cookie stickiness needs"
            + " stickiness.app_cookie.cookie_name: the application's cookie",
        "stickiness.type=app_cookie,stickiness.app_cookie.cookie_name=AWSALBAPP-1|cookie name"
            + " AWSALBAPP-1 is reserved by the ALB (AWSALB, AWSALBAPP, AWSALBTG)",
      })
  void rejectedAttributes(String raw, String expected) {
    assertEquals(expected, problem(raw));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "stickiness.enabled=true,stickiness.lb_cookie.duration_seconds=1",
        "stickiness.enabled=true,stickiness.lb_cookie.duration_seconds=604800",
        "stickiness.enabled=true,stickiness.type=app_cookie,stickiness.app_cookie.cookie_name=SID",
        // app_cookie without a name is only refused when stickiness is on
        "stickiness.enabled=false,stickiness.type=app_cookie",
        "deregistration_delay.timeout_seconds=30,slow_start.duration_seconds=30",
        "load_balancing.algorithm.type=least_outstanding_requests",
      })
  void acceptedAttributes(String raw) {
    assertNull(problem(raw));
  }

  @org.junit.jupiter.api.Test
  void reportedOnceOnTheIngressOfAnAlbClassOnly() {
    String ingress =
        """
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        metadata:
          name: shop
          annotations:
            alb.ingress.kubernetes.io/target-type: ip
            alb.ingress.kubernetes.io/target-group-attributes: stickness.enabled=true
        spec:
          ingressClassName: %s
          rules:
          - http:
              paths:
              - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
              - {path: /b, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
        """;
    assertEquals(1, Lint.of("SPL602", ingress.formatted("alb"), GatewayApiVersion.V1_6).size());
    assertEquals(0, Lint.of("SPL602", ingress.formatted("nginx"), GatewayApiVersion.V1_6).size());
  }
}
