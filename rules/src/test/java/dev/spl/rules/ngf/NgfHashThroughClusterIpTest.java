package dev.spl.rules.ngf;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.ngf.NgfYaml.upstreamSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Severity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NgfHashThroughClusterIpTest {
  @ParameterizedTest
  @ValueSource(strings = {"ip_hash", "hash", "hash consistent"})
  void aPinningMethodThroughTheClusterIpIsWarned(String method) {
    var found =
        assertMarked(
            "SPL251",
            upstreamSettings(
                "useClusterIP: true",
                "loadBalancingMethod: " + method + "  # expect: SPL251 \"" + method + " picks\""));
    assertEquals(Severity.WARNING, found.get(0).severity());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"round_robin", "least_conn", "random two least_conn", "least_time header"})
  void methodsThatBalanceByLoadPass(String method) {
    assertTrue(
        of("SPL251", upstreamSettings("useClusterIP: true", "loadBalancingMethod: " + method))
            .isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"useClusterIP: false", "useClusterIP: \"true\"", "zoneSize: 1m"})
  void hashingOverThePodsPasses(String line) {
    // a quoted "true" is a string the CRD's schema refuses; the API server says so, not spl
    assertTrue(of("SPL251", upstreamSettings(line, "loadBalancingMethod: ip_hash")).isEmpty());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "apiVersion: gateway.nginx.org/v1alpha1\nkind: ClientSettingsPolicy\n",
        "apiVersion: example.com/v1\nkind: UpstreamSettingsPolicy\n"
      })
  void otherKindsPass(String head) {
    String yaml =
        head
            + "metadata: {name: cart, namespace: shop}\n"
            + "spec: {useClusterIP: true, loadBalancingMethod: ip_hash}\n";
    assertTrue(of("SPL251", yaml).isEmpty());
  }
}
