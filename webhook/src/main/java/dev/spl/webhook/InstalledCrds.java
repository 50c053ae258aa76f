package dev.spl.webhook;

import dev.spl.config.VersionChooser;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's Gateway API CRDs, read once at start: they say which release the cluster runs and
 * whether its routes can carry sessionPersistence at all. The API server has validated every object
 * against them before the webhook sees it; what the webhook needs of them is that its own version
 * is the cluster's.
 */
final class InstalledCrds {
  private InstalledCrds() {}

  /** The version the webhook checks against, what decided it, and what the admin should know. */
  record Decision(GatewayApiVersion version, String decidedBy, List<String> warnings) {}

  /**
   * The CRDs of the catalogued kinds that carry session persistence, as spl reads them; empty when
   * none is installed or the webhook may not read them (the chart grants get on their names).
   */
  static List<GatewayApiCrd> read(KubernetesClient client) {
    List<GatewayApiCrd> out = new ArrayList<>();
    for (String name : GatewayApiCrd.persistenceCrdNames()) {
      try {
        GenericKubernetesResource crd =
            client
                .genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
                .withName(name)
                .get();
        if (crd != null) {
          GatewayApiCrd.ofPlain(
                  name, client.getKubernetesSerialization().convertValue(crd, Map.class))
              .ifPresent(out::add);
        }
      } catch (KubernetesClientException e) {
        return List.of(); // no right to read them, or no API server: the configured version holds
      }
    }
    return out;
  }

  /**
   * The version to check against: {@code configured} unless it is {@code auto}, when the installed
   * CRDs decide (the newest release when they name none). A configured version the installed CRDs
   * contradict, and route CRDs without sessionPersistence (the standard channel: the API server
   * drops the field before any webhook sees it), are warnings.
   */
  static Decision decide(String configured, String flag, List<GatewayApiCrd> installed) {
    Optional<GatewayApiCrd> deciding = GatewayApiCrd.deciding(installed);
    List<String> warnings = new ArrayList<>();
    GatewayApiVersion version;
    String decidedBy;
    if (configured.equals("auto")) {
      // No version named: the CRDs in sight decide, by the one order every face of spl uses.
      VersionChooser.Choice c =
          VersionChooser.choose(
              null,
              null,
              deciding
                  .map(d -> VersionChooser.ofCrd(d, "the cluster's " + d.kind() + " CRD"))
                  .orElse(null),
              "no Gateway API CRD of the cluster names one");
      version = c.version();
      decidedBy = c.reason();
    } else {
      version = GatewayApiVersion.parse(configured);
      decidedBy = flag;
      Optional<GatewayApiVersion> installedVersion = deciding.flatMap(GatewayApiCrd::version);
      if (installedVersion.isPresent()
          && installedVersion.get().usesSessionNameShape() != version.usesSessionNameShape()) {
        GatewayApiCrd c = deciding.get();
        warnings.add(
            "the cluster's "
                + c.kind()
                + " CRD ("
                + c.versionReason()
                + ") is Gateway API "
                + installedVersion.get().label()
                + ", whose sessionPersistence has another shape than "
                + version.label()
                + " ("
                + flag
                + "): set it to "
                + installedVersion.get().label()
                + " or auto");
      }
    }
    for (GatewayApiCrd c : installed) {
      if (c.persistence() == GatewayApiCrd.Persistence.ABSENT) {
        warnings.add(
            "the cluster's "
                + c.kind()
                + " CRD has no sessionPersistence ("
                + (c.channel().isEmpty() ? "no channel annotated" : c.channel() + " channel")
                + "): the API server drops it before review; install the experimental CRDs");
      }
    }
    return new Decision(version, decidedBy, List.copyOf(warnings));
  }
}
