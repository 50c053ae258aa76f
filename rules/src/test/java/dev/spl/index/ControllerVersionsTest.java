package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ControllerVersionsTest {
  private static final String EG = ControllerVersions.ENVOY_GATEWAY;

  @Test
  void imagesFromAnyRegistryAndChartDependenciesName() {
    ControllerVersions v =
        new ControllerVersions.Builder()
            .image("docker.io/envoyproxy/gateway:v1.9.2", "deploy/eg.yaml")
            .build();
    assertEquals(1, v.of(EG).orElseThrow().major());
    assertEquals(9, v.of(EG).orElseThrow().minor());
    assertEquals(
        "image docker.io/envoyproxy/gateway:v1.9.2 in deploy/eg.yaml", v.of(EG).get().source());
    assertTrue(
        new ControllerVersions.Builder()
            .chartDependency("gateway-helm", "1.10.0", "Chart.yaml")
            .build()
            .of(EG)
            .orElseThrow()
            .atLeast(1, 10));
    // other images and charts say nothing
    assertTrue(
        new ControllerVersions.Builder()
            .image("envoyproxy/envoy:v1.31.0", "a.yaml")
            .image("envoyproxy/gateway-dev:latest", "a.yaml")
            .chartDependency("nginx", "1.9.0", "Chart.yaml")
            .build()
            .isEmpty());
  }

  @Test
  void ciliumsAgentAndOperatorImagesAndChartNameItsRelease() {
    String cilium = ControllerVersions.CILIUM;
    for (String image :
        java.util.List.of(
            "quay.io/cilium/operator-generic:v1.20.1@sha256:0123",
            "quay.io/cilium/cilium:v1.20.1",
            "quay.io/cilium/operator-aws:v1.20.1")) {
      ControllerVersions v =
          new ControllerVersions.Builder().image(image, "kube-system.yaml").build();
      assertEquals(20, v.of(cilium).orElseThrow().minor(), image);
      assertEquals("v1.20.1", v.of(cilium).get().text(), image);
    }
    assertEquals(
        21,
        new ControllerVersions.Builder()
            .chartDependency("cilium", "1.21.0", "Chart.yaml")
            .build()
            .of(cilium)
            .orElseThrow()
            .minor());
    assertTrue(
        new ControllerVersions.Builder()
            .image(
                "quay.io/cilium/cilium-envoy:v1.34.4-1754895458-68cffdfa568b6b226d70a7ef81fc65dda3b890bf",
                "a.yaml")
            .image("quay.io/cilium/hubble-ui:v0.13.2", "a.yaml")
            .build()
            .isEmpty(),
        "cilium-envoy is versioned as Envoy; other images say nothing");
  }

  @Test
  void twoMinorVersionsSeenTellNothingAndPatchesAgree() {
    assertTrue(
        new ControllerVersions.Builder()
            .image("envoyproxy/gateway:v1.9.2", "a.yaml")
            .image("envoyproxy/gateway:v1.10.0", "b.yaml")
            .build()
            .isEmpty());
    assertEquals(
        9,
        new ControllerVersions.Builder()
            .image("envoyproxy/gateway:v1.9.2", "a.yaml")
            .image("envoyproxy/gateway:v1.9.3", "b.yaml")
            .build()
            .of(EG)
            .orElseThrow()
            .minor());
  }

  @Test
  void theConfigurationWinsOverWhatTheRepositoryHolds() {
    ControllerVersions configured =
        ControllerVersions.configured(
            java.util.Map.of(EG, ControllerVersions.parse("v1.12", ".spl.yaml").orElseThrow()));
    ControllerVersions seen =
        new ControllerVersions.Builder().image("envoyproxy/gateway:v1.9.2", "a.yaml").build();
    assertEquals(12, configured.orElse(seen).of(EG).orElseThrow().minor());
    assertEquals(9, ControllerVersions.NONE.orElse(seen).of(EG).orElseThrow().minor());
  }

  @Test
  void describedNamedAndParsedAsUsersWriteThem() {
    ControllerVersions seen =
        new ControllerVersions.Builder().image("envoyproxy/gateway:v1.10.2", "eg.yaml").build();
    assertEquals(
        java.util.List.of("Envoy Gateway v1.10.2 (image envoyproxy/gateway:v1.10.2 in eg.yaml)"),
        seen.describe());
    assertEquals(java.util.List.of(), ControllerVersions.NONE.describe());
    assertEquals(java.util.Optional.of(EG), ControllerVersions.controllerNamed("Envoy-Gateway"));
    assertTrue(ControllerVersions.controllerNamed("istio").isEmpty());
    assertTrue(ControllerVersions.configNames().contains("envoy-gateway"));
    assertTrue(ControllerVersions.parse("latest", "x").isEmpty());
    assertTrue(ControllerVersions.parse("v1", "x").isEmpty());
    ControllerVersions.Version v = ControllerVersions.parse(" v1.9.3-rc.1 ", "x").orElseThrow();
    assertEquals(1, v.major());
    assertEquals(9, v.minor());
    assertEquals("v1.9.3-rc.1", v.text());
    assertTrue(v.atLeast(1, 9) && !v.atLeast(1, 10) && v.atLeast(0, 99) && !v.atLeast(2, 0));
    assertTrue(ControllerVersions.parse("2.0", "x").orElseThrow().atLeast(1, 10));
    assertEquals(1, seen.all().size());
    ControllerVersions pinned =
        new ControllerVersions.Builder()
            .image("envoyproxy/gateway:v1.9.2@sha256:0123abcd", "eg.yaml")
            .build();
    assertEquals("v1.9.2", pinned.of(EG).orElseThrow().text(), "the tag, not the digest");
  }
}
