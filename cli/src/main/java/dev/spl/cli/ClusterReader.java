package dev.spl.cli;

import dev.spl.load.ManifestLoader;
import dev.spl.model.KindCatalogue;
import dev.spl.schema.GatewayApiCrd;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the kinds spl lints from a live cluster, as kubectl connects: a kubeconfig (the flag, else
 * $KUBECONFIG, else ~/.kube/config) and its current or named context, or the in-cluster service
 * account. Lists come in pages, so a big cluster is never one huge response.
 */
final class ClusterReader implements AutoCloseable {
  static final int PAGE = 500;

  private final KubernetesClient client;

  /** What one kind's listing gave: its objects as plain maps, or why there are none. */
  record Listing(KindCatalogue.Kind kind, List<Map<String, Object>> objects, String problem) {}

  ClusterReader(KubernetesClient client) {
    this.client = client;
  }

  static ClusterReader connect(Path kubeconfig, String context) throws java.io.IOException {
    Config config =
        kubeconfig != null
            ? Config.fromKubeconfig(context, Files.readString(kubeconfig), kubeconfig.toString())
            : Config.autoConfigure(context);
    // A lint is interactive: a cluster that does not answer is said so in seconds, not after
    // fabric8's default ten retries per request.
    config.setRequestRetryBackoffLimit(1);
    config.setConnectionTimeout(10_000);
    return new ClusterReader(new KubernetesClientBuilder().withConfig(config).build());
  }

  /** Throws, naming the server and the reason, when the API server does not answer. */
  void checkReachable() throws java.io.IOException {
    try {
      client.getKubernetesVersion();
    } catch (KubernetesClientException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new java.io.IOException(
          "cannot reach the API server at "
              + server()
              + ": "
              + firstLine(String.valueOf(cause.getMessage())),
          e);
    }
  }

  String server() {
    return client.getMasterUrl().toString();
  }

  /**
   * Every object of {@code kind} in {@code namespace} (null: all), or the reason there are none: no
   * such kind served (its CRD is not installed), or access refused.
   */
  Listing list(KindCatalogue.Kind kind, String namespace, Consumer<Integer> progress) {
    ResourceDefinitionContext context =
        new ResourceDefinitionContext.Builder()
            .withGroup(kind.group())
            .withVersion(kind.version())
            .withKind(kind.kind())
            .withPlural(kind.plural())
            .withNamespaced(kind.namespaced())
            .build();
    List<Map<String, Object>> objects = new ArrayList<>();
    String continueToken = null;
    try {
      do {
        var resources = client.genericKubernetesResources(context);
        var options =
            new ListOptionsBuilder().withLimit((long) PAGE).withContinue(continueToken).build();
        GenericKubernetesResourceList page =
            namespace == null || !kind.namespaced()
                ? resources.inAnyNamespace().list(options)
                : resources.inNamespace(namespace).list(options);
        for (GenericKubernetesResource item : page.getItems()) {
          objects.add(plain(kind, item));
        }
        progress.accept(objects.size());
        continueToken = page.getMetadata() == null ? null : page.getMetadata().getContinue();
      } while (continueToken != null && !continueToken.isEmpty());
    } catch (KubernetesClientException e) {
      String problem =
          switch (e.getCode()) {
            case 404 -> "not served by this cluster (its CRD is not installed)";
            case 401, 403 -> "not readable with these credentials (" + e.getCode() + ")";
            default -> "could not be listed: " + firstLine(e.getMessage());
          };
      return new Listing(kind, List.of(), problem);
    }
    return new Listing(kind, objects, null);
  }

  /**
   * The cluster's Gateway API CRDs of the kinds that carry session persistence, as spl reads them
   * (bundle version, channel, the schema's shape and its CEL rules): they decide what is checked,
   * as they decide what the API server stores. Empty when none can be read (not installed, or no
   * right to read CRDs: the caller says which version it used).
   */
  List<GatewayApiCrd> gatewayApiCrds() {
    List<GatewayApiCrd> out = new ArrayList<>();
    for (KindCatalogue.Kind kind : KindCatalogue.all()) {
      if (kind.attachment() == null) {
        continue;
      }
      try {
        CustomResourceDefinition crd =
            client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName(kind.plural() + "." + kind.group())
                .get();
        if (crd != null) {
          String yaml = io.fabric8.kubernetes.client.utils.Serialization.asYaml(crd);
          new ManifestLoader()
                  .loadText("CustomResourceDefinition " + crd.getMetadata().getName(), yaml)
                  .resources()
                  .stream()
                  .flatMap(r -> GatewayApiCrd.of(r).stream())
                  .forEach(out::add);
        }
      } catch (KubernetesClientException e) {
        return List.of();
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> plain(KindCatalogue.Kind kind, GenericKubernetesResource item) {
    // The API server leaves apiVersion and kind out of the items of a list.
    if (item.getKind() == null) {
      item.setKind(kind.kind());
    }
    if (item.getApiVersion() == null) {
      item.setApiVersion(
          kind.group().isEmpty() ? kind.version() : kind.group() + "/" + kind.version());
    }
    return client.getKubernetesSerialization().convertValue(item, Map.class);
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.split("\n", 2)[0];
  }

  @Override
  public void close() {
    client.close();
  }
}
