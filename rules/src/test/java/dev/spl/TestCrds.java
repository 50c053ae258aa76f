package dev.spl;

import dev.spl.load.ManifestLoader;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiCrd;
import java.util.Arrays;

/** Test fixture: Gateway API CRDs cut to what spl reads of them. */
public final class TestCrds {
  private TestCrds() {}

  /**
   * An HTTPRoute CRD of {@code bundle} ({@code channel} annotated unless null) whose rules carry
   * {@code persistence}, a flow mapping of the sessionPersistence schema (null: no such field).
   */
  public static String httpRoute(String bundle, String channel, String persistence) {
    String annotations =
        "{gateway.networking.k8s.io/bundle-version: "
            + bundle
            + (channel == null ? "" : ", gateway.networking.k8s.io/channel: " + channel)
            + "}";
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: httproutes.gateway.networking.k8s.io, annotations: %s}
        spec:
          group: gateway.networking.k8s.io
          names: {kind: HTTPRoute, plural: httproutes}
          versions:
          - name: v1
            schema:
              openAPIV3Schema:
                properties:
                  spec:
                    properties:
                      rules:
                        items:
                          properties: {backendRefs: {type: array}%s}
        """
        .formatted(annotations, persistence == null ? "" : ", sessionPersistence: " + persistence);
  }

  /** The Gateway API CRDs among {@code yaml}, as spl reads them. */
  public static CrdsInSight inSight(String... yaml) {
    return new CrdsInSight(
        Arrays.stream(yaml)
            .flatMap(t -> new ManifestLoader().loadText("crds.yaml", t).resources().stream())
            .flatMap(r -> GatewayApiCrd.of(r).stream())
            .toList());
  }
}
