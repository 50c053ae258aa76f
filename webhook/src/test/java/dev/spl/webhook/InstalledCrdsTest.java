package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The version the webhook checks against, and what it tells the admin of the cluster's CRDs. */
class InstalledCrdsTest {
  /** An HTTPRoute CRD of {@code bundle} whose rules carry {@code persistence} (null: none). */
  static GatewayApiCrd httpRoute(String bundle, String channel, String persistence) {
    String yaml =
        """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: httproutes.gateway.networking.k8s.io
          annotations: {gateway.networking.k8s.io/bundle-version: %s, gateway.networking.k8s.io/channel: %s}
        spec:
          group: gateway.networking.k8s.io
          names: {kind: HTTPRoute, plural: httproutes}
          versions:
          - name: v1
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      rules:
                        type: array
                        items:
                          type: object
                          properties: {backendRefs: {type: array}%s}
        """
            .formatted(
                bundle, channel, persistence == null ? "" : ", sessionPersistence: " + persistence);
    return new ManifestLoader()
        .loadText("crd.yaml", yaml).resources().stream()
            .flatMap(r -> GatewayApiCrd.of(r).stream())
            .findFirst()
            .orElseThrow();
  }

  static final String MAIN_SHAPE =
      "{type: object, properties: {cookie: {type: object}, header: {type: object}}}";

  @Test
  void underAutoTheInstalledCrdsDecide() {
    InstalledCrds.Decision d =
        InstalledCrds.decide(
            "auto",
            "--gateway-api-version",
            List.of(httpRoute("v1.7.0", "experimental", MAIN_SHAPE)));
    assertEquals(GatewayApiVersion.MAIN, d.version());
    assertEquals(
        "the cluster's HTTPRoute CRD (bundle-version v1.7.0, newer than spl knows: HTTPRoute's"
            + " schema decides)",
        d.decidedBy());
    assertEquals(List.of(), d.warnings());
    InstalledCrds.Decision none = InstalledCrds.decide("auto", "--gateway-api-version", List.of());
    assertEquals(GatewayApiVersion.NEWEST_RELEASE, none.version());
    assertTrue(none.decidedBy().startsWith("the newest release"), none.decidedBy());
  }

  @Test
  void aConfiguredVersionHoldsAndAContradictionIsSaid() {
    InstalledCrds.Decision d =
        InstalledCrds.decide(
            "v1.6",
            "--gateway-api-version",
            List.of(httpRoute("v1.7.0", "experimental", MAIN_SHAPE)));
    assertEquals(GatewayApiVersion.V1_6, d.version());
    assertEquals("--gateway-api-version", d.decidedBy());
    assertEquals(1, d.warnings().size(), d.warnings().toString());
    assertTrue(d.warnings().get(0).endsWith("set it to main or auto"), d.warnings().get(0));
    // The same shape is no contradiction: a v1.5 cluster checked as v1.6 reads the same fields
    // bar idleTimeout, which its own rules report.
    assertEquals(
        List.of(),
        InstalledCrds.decide(
                "v1.6",
                "--gateway-api-version",
                List.of(
                    httpRoute(
                        "v1.6.1",
                        "experimental",
                        "{type: object, properties: {sessionName: {type: string}}}")))
            .warnings());
  }

  @Test
  void aStandardChannelRouteCrdIsAWarning() {
    List<String> warnings =
        InstalledCrds.decide(
                "latest", "--gateway-api-version", List.of(httpRoute("v1.6.1", "standard", null)))
            .warnings();
    assertEquals(
        List.of(
            "the cluster's HTTPRoute CRD has no sessionPersistence (standard channel): the API server"
                + " drops it before review; install the experimental CRDs"),
        warnings);
  }
}
