package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Gateway API CRDs a repository vendors decide what its routes are checked against: a bundle
 * newer than spl knows by its own schema, and a standard-channel bundle (no sessionPersistence) by
 * saying the field will be pruned.
 */
class InstalledCrdsLintTest {
  private static final String MAIN_SHAPE =
      """
                      sessionPersistence:
                        type: object
                        properties:
                          absoluteTimeout: {type: string}
                          type: {type: string, enum: [Cookie, Header], default: Cookie}
                          cookie:
                            type: object
                            properties:
                              name: {type: string}
                              path: {type: string, default: /}
                              lifetimeType: {type: string, enum: [Permanent, Session]}
                          header:
                            type: object
                            properties: {name: {type: string}}
      """;

  /**
   * An HTTPRoute CRD of {@code bundle} and {@code channel}; {@code persistence}: its rules' field.
   */
  private static String routeCrd(String bundle, String channel, String persistence) {
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: httproutes.gateway.networking.k8s.io
          annotations:
            gateway.networking.k8s.io/bundle-version: %s
            gateway.networking.k8s.io/channel: %s
        spec:
          group: gateway.networking.k8s.io
          names: {kind: HTTPRoute, plural: httproutes}
          scope: Namespaced
          versions:
          - name: v1
            served: true
            storage: true
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
                          properties:
                            backendRefs: {type: array}
        %s"""
        .formatted(bundle, channel, persistence.indent(4).stripTrailing());
  }

  private static final String GATEWAY_CRD =
      """
      ---
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: gateways.gateway.networking.k8s.io
        annotations:
          gateway.networking.k8s.io/bundle-version: %s
          gateway.networking.k8s.io/channel: %s
      spec:
        group: gateway.networking.k8s.io
        names: {kind: Gateway, plural: gateways}
        scope: Namespaced
        versions:
        - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
      """;

  private static String route(String persistence) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart, port: 8080}]
            sessionPersistence: %s
        """
        .formatted(persistence);
  }

  private static Path repository(Path root, String crds, String route) throws IOException {
    Files.createDirectories(root.resolve("vendor/gateway-api"));
    Files.createDirectories(root.resolve("manifests"));
    Files.writeString(root.resolve("vendor/gateway-api/install.yaml"), crds);
    Files.writeString(root.resolve("manifests/route.yaml"), route);
    return root;
  }

  @Test
  void aBundleNewerThanSplKnowsIsReadByItsSchema(@TempDir Path temp) throws IOException {
    String v17 =
        routeCrd("v1.7.0", "experimental", MAIN_SHAPE)
            + "\n"
            + GATEWAY_CRD.formatted("v1.7.0", "experimental");
    Path repo = repository(temp, v17, route("{type: Cookie, cookie: {name: cart, path: /}}"));
    CliRun run = CliRun.of("lint", repo.toString());
    assertEquals(0, run.status(), run.out() + run.err());
    assertTrue(
        run.out().contains("Gateway API main (Gateway API CRDs in ")
            && run.out()
                .contains("bundle-version v1.7.0, newer than spl knows: HTTPRoute's schema"),
        run.out());

    // Read as v1.6 (the newest release spl knows), main's shape would be foreign (SPL026); by the
    // schema it is v1.6's shape that is.
    Files.writeString(repo.resolve("manifests/route.yaml"), route("{sessionName: cart}"));
    CliRun oldShape = CliRun.of("lint", repo.toString());
    assertTrue(oldShape.out().contains("SPL026"), oldShape.out());
    // and the advice follows those CRDs (issue 62 item 7), not "set gatewayApiVersion: v1.6"
    assertTrue(oldShape.out().contains("the CRDs in sight are main's"), oldShape.out());
    assertTrue(!oldShape.out().contains("set gatewayApiVersion"), oldShape.out());
  }

  @Test
  void aStandardChannelBundleSaysTheFieldIsPruned(@TempDir Path temp) throws IOException {
    String standard =
        routeCrd("v1.4.1", "standard", "") + "\n" + GATEWAY_CRD.formatted("v1.4.1", "standard");
    Path repo = repository(temp, standard, route("{sessionName: cart}"));
    CliRun run = CliRun.of("lint", repo.toString(), "--format", "json");
    assertEquals(1, run.out().split("\"SPL031\"", -1).length - 1, run.out());
    assertTrue(
        run.out().contains("HTTPRoute's CRD (standard channel) has no sessionPersistence"),
        run.out());
    assertTrue(run.out().contains("vendor/gateway-api/install.yaml"), "related: the CRD");

    // The experimental channel's CRDs carry the field: nothing to say.
    Files.writeString(
        repo.resolve("vendor/gateway-api/install.yaml"),
        routeCrd(
            "v1.4.1",
            "experimental",
            """
                            sessionPersistence:
                              type: object
                              properties:
                                sessionName: {type: string}
            """
                .stripIndent()));
    CliRun experimental = CliRun.of("lint", repo.toString());
    assertFalse(experimental.out().contains("SPL031"), experimental.out());
  }

  @Test
  void aFixturesCrdsSpeakOnlyForTheirOwnDirectory(@TempDir Path temp) throws IOException {
    // A standard-channel fixture under test/ must not make the repository's routes "pruned".
    Path repo = temp;
    Files.createDirectories(repo.resolve("test/fixtures"));
    Files.writeString(repo.resolve("test/fixtures/crds.yaml"), routeCrd("v1.4.1", "standard", ""));
    Files.createDirectories(repo.resolve("manifests"));
    Files.writeString(repo.resolve("manifests/route.yaml"), route("{sessionName: cart}"));
    CliRun run = CliRun.of("lint", repo.toString());
    assertFalse(run.out().contains("SPL031"), run.out());
  }
}
