package dev.spl.rules.istio;

import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IstioPortSettingsPortUnknownTest {
  static final String SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: cart, namespace: shop}
      spec:
        ports: [{name: http, port: 80, targetPort: 8080}]
      ---
      """;

  static String rule(String host, int port) {
    return """
        apiVersion: networking.istio.io/v1
        kind: DestinationRule
        metadata: {name: cart, namespace: shop}
        spec:
          host: %s
          trafficPolicy:
            portLevelSettings:
            - port: {number: %d}
              loadBalancer: {consistentHash: {useSourceIp: true}}
        """
        .formatted(host, port);
  }

  @ParameterizedTest
  @ValueSource(strings = {"cart", "cart.shop.svc.cluster.local", "cart.shop.svc.corp.example"})
  void theHostsThatNameTheService(String host) {
    List<Finding> f = of("SPL303", SERVICE + rule(host, 8080));
    assertEquals(1, f.size(), host);
    assertEquals("spec.trafficPolicy.portLevelSettings[0].port.number", f.get(0).field());
    assertTrue(f.get(0).message().contains("targetPort"), f.get(0).message());
    assertEquals(1, f.get(0).related().size(), "the Service's ports");
  }

  @ParameterizedTest
  @ValueSource(strings = {"cart.shop", "cart.other.svc.cluster.local", "*.shop.svc.cluster.local"})
  void hostsIstioDoesNotResolveToThisService(String host) {
    assertTrue(of("SPL303", SERVICE + rule(host, 8080)).isEmpty(), host);
  }

  @Test
  void theServicesPortIsRight() {
    assertTrue(of("SPL303", SERVICE + rule("cart", 80)).isEmpty());
  }

  @Test
  void withoutTheServiceNothingIsKnown() {
    assertTrue(of("SPL303", rule("cart", 8080)).isEmpty());
  }
}
