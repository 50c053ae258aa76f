package dev.spl.cli;

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
  /** How long a connection to the API server may take before spl says it cannot reach it. */
  static final int CONNECTION_TIMEOUT_MILLIS = 10_000;

  static final int PAGE = 500;

  private final KubernetesClient client;
  private final String via; // how it connected, for messages: "context a of ~/.kube/config"

  /** What one kind's listing gave: its objects as plain maps, or why there are none. */
  record Listing(KindCatalogue.Kind kind, List<Map<String, Object>> objects, String problem) {}

  ClusterReader(KubernetesClient client) {
    this(client, "");
  }

  private ClusterReader(KubernetesClient client, String via) {
    this.client = client;
    this.via = via;
  }

  /**
   * Connects as kubectl would; a kubeconfig that cannot be found, or that lacks the context named,
   * is an error that says so (fabric8 alone would fall back to another server and fail later with a
   * message that names neither).
   */
  static ClusterReader connect(Path kubeconfig, String context) throws java.io.IOException {
    Path file = kubeconfig != null ? kubeconfig : defaultKubeconfig();
    if (file == null && System.getenv("KUBERNETES_SERVICE_HOST") == null) {
      throw new java.io.IOException(
          "no kubeconfig: --kubeconfig is not given, $KUBECONFIG names no file, ~/.kube/config"
              + " does not exist, and spl is not running in a cluster");
    }
    Config config;
    String via;
    if (file == null) {
      config = Config.autoConfigure(context);
      via = "the in-cluster service account";
    } else {
      String text = Files.readString(file);
      String used = context != null ? context : currentContext(text);
      java.util.List<String> contexts = contexts(text);
      if (context != null && !contexts.contains(context)) {
        throw new java.io.IOException(
            "context '"
                + context
                + "' is not in "
                + file
                + (contexts.isEmpty()
                    ? ", which has none"
                    : "; it has " + String.join(", ", contexts)));
      }
      config = Config.fromKubeconfig(context, text, file.toString());
      via = (used == null ? "" : "context " + used + " of ") + file;
    }
    // A lint is interactive: a cluster that does not answer is said so in seconds, not after
    // fabric8's default ten retries per request.
    config.setRequestRetryBackoffLimit(1);
    config.setConnectionTimeout(CONNECTION_TIMEOUT_MILLIS);
    return new ClusterReader(new KubernetesClientBuilder().withConfig(config).build(), via);
  }

  /** $KUBECONFIG's first file that exists, else ~/.kube/config if it exists; null for neither. */
  private static Path defaultKubeconfig() {
    String env = System.getenv("KUBECONFIG");
    if (env != null && !env.isBlank()) {
      for (String p : env.split(java.io.File.pathSeparator)) {
        if (!p.isBlank() && Files.isRegularFile(Path.of(p))) {
          return Path.of(p);
        }
      }
      return null;
    }
    Path home = Path.of(System.getProperty("user.home"), ".kube", "config");
    return Files.isRegularFile(home) ? home : null;
  }

  private static java.util.List<String> contexts(String kubeconfig) {
    java.util.List<String> names = new ArrayList<>();
    if (parsed(kubeconfig).get("contexts") instanceof List<?> list) {
      for (Object c : list) {
        if (c instanceof Map<?, ?> m && m.get("name") != null) {
          names.add(String.valueOf(m.get("name")));
        }
      }
    }
    return names;
  }

  private static String currentContext(String kubeconfig) {
    Object current = parsed(kubeconfig).get("current-context");
    return current == null || String.valueOf(current).isEmpty() ? null : String.valueOf(current);
  }

  private static Map<?, ?> parsed(String kubeconfig) {
    try {
      return new org.snakeyaml.engine.v2.api.Load(
                      org.snakeyaml.engine.v2.api.LoadSettings.builder().build())
                  .loadFromString(kubeconfig)
              instanceof Map<?, ?> m
          ? m
          : Map.of();
    } catch (RuntimeException unreadable) {
      return Map.of(); // fabric8 says what is wrong with it
    }
  }

  /** Throws, naming the server and the reason, when the API server does not answer. */
  void checkReachable() throws java.io.IOException {
    try {
      client.getKubernetesVersion();
    } catch (KubernetesClientException e) {
      String why = reason(e);
      throw new java.io.IOException(
          "cannot reach the API server at "
              + server()
              + (via.isEmpty() ? "" : " (" + via + ")")
              + ": "
              + why,
          e);
    }
  }

  /**
   * Why a request failed, in words: the deepest cause that says something (fabric8 wraps it in "An
   * error has occurred."), or, for a connection nothing accepted, that.
   */
  static String reason(Throwable e) {
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    for (int i = chain.size() - 1; i >= 0; i--) {
      Throwable t = chain.get(i);
      if (t instanceof java.nio.channels.UnresolvedAddressException
          || t instanceof java.net.UnknownHostException) {
        return "its host name does not resolve";
      }
      if (t instanceof java.net.ConnectException
          || t instanceof java.nio.channels.ClosedChannelException) {
        return "nothing accepted the connection (is the address right, and the cluster up?)";
      }
      String m = t.getMessage();
      if (m != null && !m.isBlank() && !m.startsWith("An error has occurred")) {
        return firstLine(m);
      }
    }
    return e.getClass().getSimpleName();
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
    for (String name : GatewayApiCrd.persistenceCrdNames()) {
      try {
        CustomResourceDefinition crd =
            client.apiextensions().v1().customResourceDefinitions().withName(name).get();
        if (crd != null) {
          // as plain maps, the way every listed object is read: no YAML round trip
          GatewayApiCrd.ofPlain(
                  name, client.getKubernetesSerialization().convertValue(crd, Map.class))
              .ifPresent(out::add);
        }
      } catch (KubernetesClientException e) {
        return List.of();
      }
    }
    return out;
  }

  /**
   * The Gateway controllers' versions their Deployments' images say (Envoy Gateway's, in the
   * namespace its chart installs to); none when they cannot be read.
   */
  dev.spl.index.ControllerVersions controllerVersions() {
    try {
      var deployment =
          client
              .apps()
              .deployments()
              .inNamespace(dev.spl.index.ControllerVersions.ENVOY_GATEWAY_NAMESPACE)
              .withName(dev.spl.index.ControllerVersions.ENVOY_GATEWAY_DEPLOYMENT)
              .get();
      return dev.spl.index.ControllerVersions.ofEnvoyGatewayDeployment(
          deployment == null
              ? null
              : client.getKubernetesSerialization().convertValue(deployment, Map.class));
    } catch (KubernetesClientException unreadable) {
      // no right to read it, or not there: the newest release is assumed, and said so
      return dev.spl.index.ControllerVersions.NONE;
    }
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
