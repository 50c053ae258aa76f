package dev.spl.rules.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class NlbTlsListenerGroupStickinessTest {
  private static final String STICKY_ACTION =
      "'{\"type\":\"forward\",\"forwardConfig\":{\"targetGroups\":[{\"serviceName\":\"b\","
          + "\"servicePort\":443,\"weight\":1}],\"baseServiceWeight\":1,"
          + "\"targetGroupStickinessConfig\":{\"enabled\":true}}}'";

  /** An NLB Service with these annotation lines and ports (flow mappings, one per line). */
  private static String service(String annotations, String... ports) {
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: shop
          namespace: shop
          annotations:
            %s
        spec:
          type: LoadBalancer
          ports:
          - %s
        """
        .formatted(annotations.replace("\n", "\n    "), String.join("\n  - ", ports));
  }

  private static final String CERT =
      "service.beta.kubernetes.io/aws-load-balancer-ssl-cert: arn:aws:acm:eu-west-1:1:certificate/x";

  private static List<Finding> found(String yaml) {
    return Lint.of("SPL604", yaml);
  }

  @Test
  void everyPortIsTlsWhenACertificateIsSetAndSslPortsIsNot() {
    List<Finding> f =
        found(
            service(
                CERT + "\nservice.beta.kubernetes.io/actions.TLS-443: " + STICKY_ACTION,
                "{name: https, port: 443}"));
    assertEquals(1, f.size());
    assertEquals(
        "metadata.annotations[\"service.beta.kubernetes.io/actions.TLS-443\"]", f.get(0).field());
    assertTrue(f.get(0).message().startsWith("listener 443 ends TLS"), f.get(0).message());
  }

  @Test
  void sslPortsNamesThePortByNameOrNumber() {
    for (String ports : List.of("https", "443", " 9000 , https ")) {
      assertEquals(
          1,
          found(
                  service(
                      CERT
                          + "\nservice.beta.kubernetes.io/aws-load-balancer-ssl-ports: \""
                          + ports
                          + "\"\nservice.beta.kubernetes.io/actions.TLS-443: "
                          + STICKY_ACTION,
                      "{name: https, port: 443}",
                      "{name: api, port: 9000}"))
              .size(),
          ports);
    }
  }

  @Test
  void noTlsListenerNoFinding() {
    String action = "\nservice.beta.kubernetes.io/actions.TLS-443: " + STICKY_ACTION;
    assertTrue(found(service(action.strip(), "{port: 443}")).isEmpty(), "no certificate");
    assertTrue(
        found(
                service(
                    CERT
                        + "\nservice.beta.kubernetes.io/aws-load-balancer-ssl-ports: \"9000\""
                        + action,
                    "{port: 443}",
                    "{port: 9000}"))
            .isEmpty(),
        "443 is not among the TLS ports: the action is not read");
    assertTrue(found(service(CERT + action, "{port: 8443}")).isEmpty(), "no port 443");
    assertTrue(
        found(service(CERT + action, "{port: 443, protocol: UDP}")).isEmpty(), "UDP is never TLS");
  }

  @Test
  void anActionWithoutGroupStickinessIsFine() {
    String plain =
        "'{\"type\":\"forward\",\"forwardConfig\":{\"targetGroups\":[{\"serviceName\":\"b\","
            + "\"servicePort\":443,\"weight\":1}],\"baseServiceWeight\":1}}'";
    assertTrue(
        found(
                service(
                    CERT + "\nservice.beta.kubernetes.io/actions.TLS-443: " + plain, "{port: 443}"))
            .isEmpty());
    String off = STICKY_ACTION.replace("true", "false");
    assertTrue(
        found(service(CERT + "\nservice.beta.kubernetes.io/actions.TLS-443: " + off, "{port: 443}"))
            .isEmpty(),
        "stickiness switched off");
    assertTrue(
        found(
                service(
                    CERT + "\nservice.beta.kubernetes.io/actions.TLS-443: '{not json'",
                    "{port: 443}"))
            .isEmpty(),
        "the controller rejects an action that does not parse: not this rule's finding");
  }

  @Test
  void keysOfTheJsonMatchInAnyCase() {
    String upper =
        STICKY_ACTION
            .replace("targetGroupStickinessConfig", "TargetGroupStickinessConfig")
            .replace("\"enabled\"", "\"Enabled\"");
    assertEquals(
        1,
        found(
                service(
                    CERT + "\nservice.beta.kubernetes.io/actions.TLS-443: " + upper, "{port: 443}"))
            .size());
  }
}
