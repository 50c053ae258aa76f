package dev.spl.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.TestCrds;
import dev.spl.load.ManifestLoader;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GatewayApiCrdTest {
  static GatewayApiCrd read(String bundle, String group, String persistenceFields) {
    String yaml =
        TestCrds.httpRoute(bundle, null, "{properties: {" + persistenceFields + "}}")
            .replace("gateway.networking.k8s.io", group);
    return new ManifestLoader()
        .loadText("crd.yaml", yaml).resources().stream()
            .flatMap(r -> GatewayApiCrd.of(r).stream())
            .findFirst()
            .orElse(null);
  }

  static final String GROUP = "gateway.networking.k8s.io";

  @Test
  void aKnownBundleIsItsVersionWhateverTheSchema() {
    assertEquals(
        Optional.of(GatewayApiVersion.V1_4), read("v1.4.1", GROUP, "cookie: {}").version());
    assertEquals(Optional.of(GatewayApiVersion.MAIN), read("v0.0.0-dev", GROUP, "").version());
  }

  @Test
  void aNewerBundleIsReadByItsSchemasShape() {
    assertEquals(
        Optional.of(GatewayApiVersion.MAIN),
        read("v1.7.0", GROUP, "cookie: {}, header: {}").version());
    assertEquals(
        Optional.of(GatewayApiVersion.V1_6),
        read("v1.8.0-rc.1", GROUP, "sessionName: {}").version());
    assertEquals(
        Optional.of(GatewayApiVersion.V1_5),
        read("v1.7.2", GROUP, "sessionName: {}, idleTimeout: {}").version());
    assertTrue(read("v1.7.0", GROUP, "cookie: {}").versionReason().contains("schema decides"));
  }

  @Test
  void otherGroupsAreNotGatewayApi() {
    assertEquals(null, read("v1.4.1", "example.com", "cookie: {}"));
  }

  @Test
  void newerThanKnownFollowsTheNewestRelease() {
    assertTrue(GatewayApiVersion.isNewerThanKnown("v1.7.0"));
    assertTrue(GatewayApiVersion.isNewerThanKnown("1.10"));
    assertTrue(
        !GatewayApiVersion.isNewerThanKnown(GatewayApiVersion.NEWEST_RELEASE.label() + ".3"));
    assertTrue(!GatewayApiVersion.isNewerThanKnown("v2.0.0"));
  }

  @Test
  void readsChannelRulesAndWhatItCannotRead() {
    GatewayApiCrd standard =
        TestCrds.inSight(TestCrds.httpRoute("v1.4.1", "Standard", null)).crds().get(0);
    assertTrue(standard.isStandardChannel());
    assertEquals(GatewayApiCrd.Persistence.ABSENT, standard.persistence());
    assertEquals("bundle-version v1.4.1", standard.versionReason());
    assertEquals("HTTPRoute", standard.kind());
    GatewayApiCrd ruled =
        TestCrds.inSight(
                TestCrds.httpRoute(
                    "v1.7.0",
                    "experimental",
                    "{properties: {cookie: {}}, x-kubernetes-validations: [{rule: \"has(self.a)\"},"
                        + " {rule: \"has(self.b)\", message: b needed}, {message: no rule}]}"))
            .crds()
            .get(0);
    assertTrue(!ruled.isStandardChannel());
    assertEquals(
        java.util.List.of(
            new GatewayApiCrd.CelRule("has(self.a)", "failed rule: has(self.a)"),
            new GatewayApiCrd.CelRule("has(self.b)", "b needed")),
        ruled.persistenceRules());
    assertEquals("has(self.b)", ruled.persistenceRules().get(1).normalized());
    // no schema at all (a stand-in API server's CRD): nothing to say of the field either way
    GatewayApiCrd bare =
        TestCrds.inSight(
                TestCrds.httpRoute("v1.7.0", null, null)
                    .replaceAll("(?s)    schema:.*", "    served: true\n"))
            .crds()
            .get(0);
    assertEquals(GatewayApiCrd.Persistence.UNKNOWN, bare.persistence());
    assertTrue(bare.version().isEmpty());
    assertEquals(0, bare.persistenceRules().size());
  }

  /** A trimmed CRD as repositories vendor one: a schema that keeps what it does not list. */
  private static GatewayApiCrd trimmed(String schema) {
    String yaml =
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
            + "  name: httproutes.gateway.networking.k8s.io\n  annotations:\n"
            + "    gateway.networking.k8s.io/bundle-version: v1.4.1\n"
            + "    gateway.networking.k8s.io/channel: experimental\n"
            + "spec:\n  group: gateway.networking.k8s.io\n"
            + "  names: {kind: HTTPRoute, plural: httproutes}\n  scope: Namespaced\n"
            + "  versions:\n  - name: v1\n    served: true\n    storage: true\n"
            + "    schema:\n      openAPIV3Schema: "
            + schema
            + "\n";
    return new ManifestLoader()
        .loadText("crd.yaml", yaml).resources().stream()
            .flatMap(r -> GatewayApiCrd.of(r).stream())
            .findFirst()
            .orElseThrow();
  }

  @Test
  void aSchemaThatKeepsUnknownFieldsPrunesNothingSoSaysNothingOfPersistence() {
    for (String keeps :
        java.util.List.of(
            "{type: object, x-kubernetes-preserve-unknown-fields: true}",
            "{type: object, properties: {spec: {type: object,"
                + " x-kubernetes-preserve-unknown-fields: true}}}",
            "{type: object, properties: {spec: {type: object, properties: {rules: {type: array,"
                + " x-kubernetes-preserve-unknown-fields: true}}}}}",
            "{type: object, properties: {spec: {type: object, properties: {rules: {type: array,"
                + " items: {type: object, x-kubernetes-preserve-unknown-fields: true}}}}}}")) {
      assertEquals(GatewayApiCrd.Persistence.UNKNOWN, trimmed(keeps).persistence(), keeps);
    }
    // without it, a schema that lists no sessionPersistence prunes it: ABSENT, as before
    for (String prunes :
        java.util.List.of(
            "{type: object, properties: {spec: {type: object}}}",
            "{type: object, x-kubernetes-preserve-unknown-fields: false, properties: {spec: {type:"
                + " object}}}",
            "{type: object, properties: {status: {type: object,"
                + " x-kubernetes-preserve-unknown-fields: true}, spec: {type: object}}}")) {
      assertEquals(GatewayApiCrd.Persistence.ABSENT, trimmed(prunes).persistence(), prunes);
    }
  }
}
