package dev.spl.index;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions of the Gateway controllers an input runs, where it says: {@code controllers} in
 * .spl.yaml, a controller's image tag in a Deployment, or its Helm chart as a dependency. A fact
 * that changed between a controller's releases (Envoy Gateway's session cookie Path in v1.10) is
 * decided by it; a controller whose version is not in sight is taken to be its newest release.
 */
public final class ControllerVersions {
  /** Nothing in sight: every controller is its newest release. */
  public static final ControllerVersions NONE = new ControllerVersions(Map.of());

  /** Envoy Gateway's GatewayClass controllerName. */
  public static final String ENVOY_GATEWAY = "gateway.envoyproxy.io/gatewayclass-controller";

  /** Cilium's GatewayClass controllerName (its operator serves Gateway API). */
  public static final String CILIUM = "io.cilium/gateway-controller";

  /** A release of one controller, and where spl read it. */
  public record Version(int major, int minor, String text, String source) {
    /** True when this release is {@code major.minor} or later. */
    public boolean atLeast(int wantMajor, int wantMinor) {
      return major > wantMajor || (major == wantMajor && minor >= wantMinor);
    }
  }

  /**
   * Traefik's ingress-nginx provider, serving the Ingresses of ingress-nginx's classes: it claims
   * controller {@code k8s.io/ingress-nginx} by default, so no IngressClass tells it apart, and only
   * .spl.yaml says it runs ({@code controllers: {traefik-ingress-nginx: v3.7}}).
   */
  public static final String TRAEFIK_INGRESS_NGINX = "traefik-ingress-nginx";

  // How users name a controller in .spl.yaml, to its controllerName.
  private static final Map<String, String> NAMES =
      Map.of(
          "envoy-gateway",
          ENVOY_GATEWAY,
          "traefik-ingress-nginx",
          TRAEFIK_INGRESS_NGINX,
          "cilium",
          CILIUM);
  private static final Map<String, String> PRODUCTS =
      Map.of(
          ENVOY_GATEWAY,
          "Envoy Gateway",
          TRAEFIK_INGRESS_NGINX,
          "Traefik's ingress-nginx provider",
          CILIUM,
          "Cilium");
  // Each controller's images (any registry in front of them), group 1 the tag: Envoy Gateway's
  // controller; Cilium's agent and operators, one release (not cilium-envoy, versioned as Envoy).
  private static final Map<String, Pattern> IMAGES =
      Map.of(
          ENVOY_GATEWAY,
          Pattern.compile("(?:^|/)envoyproxy/gateway:(v?(\\d+)\\.(\\d+)[\\w.+-]*)(?:@\\S*)?$"),
          CILIUM,
          Pattern.compile(
              "(?:^|/)cilium/(?:cilium|operator(?:-generic|-aws|-azure|-alibabacloud)?)"
                  + ":(v?(\\d+)\\.(\\d+)[\\w.+-]*)(?:@\\S*)?$"));

  /** Text every image reference {@link #IMAGES} reads holds, to find them without parsing. */
  public static final List<String> IMAGE_MARKS =
      List.of("envoyproxy/gateway:", "cilium/cilium:", "cilium/operator");

  private static final Pattern VERSION =
      Pattern.compile("v?(\\d+)\\.(\\d+)(?:\\.\\d+)?(?:[-+].*)?");
  // Each controller's Helm chart, by the name a Chart.yaml's dependency gives it.
  private static final Map<String, String> CHARTS =
      Map.of("gateway-helm", ENVOY_GATEWAY, "cilium", CILIUM);

  /** The chart names {@link Builder#chartDependency} reads. */
  public static final java.util.Set<String> CHART_NAMES = CHARTS.keySet();

  private final Map<String, Version> byController;

  private ControllerVersions(Map<String, Version> byController) {
    this.byController = Map.copyOf(byController);
  }

  /** The version of the controller named {@code controllerName}, when the input says it. */
  public Optional<Version> of(String controllerName) {
    return Optional.ofNullable(byController.get(controllerName));
  }

  public boolean isEmpty() {
    return byController.isEmpty();
  }

  /**
   * One line per controller whose version decided, for the summary: "Envoy Gateway v1.9.2 (image
   * ... in deploy/eg.yaml)".
   */
  public List<String> describe() {
    return byController.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(
            e ->
                PRODUCTS.getOrDefault(e.getKey(), e.getKey())
                    + " "
                    + e.getValue().text()
                    + " ("
                    + e.getValue().source()
                    + ")")
        .toList();
  }

  /** Every version found, by controllerName. */
  public Map<String, Version> all() {
    return byController;
  }

  /**
   * These versions with {@code other}'s where this has none: the first source to speak wins
   * (.spl.yaml before what the repository holds).
   */
  public ControllerVersions orElse(ControllerVersions other) {
    Map<String, Version> merged = new HashMap<>(other.byController);
    merged.putAll(byController);
    return new ControllerVersions(merged);
  }

  /** The names .spl.yaml's {@code controllers} accepts. */
  public static java.util.Set<String> configNames() {
    return NAMES.keySet();
  }

  /** The controllerName of a name .spl.yaml accepts, or empty. */
  public static Optional<String> controllerNamed(String configName) {
    return Optional.ofNullable(NAMES.get(configName.toLowerCase(Locale.ROOT)));
  }

  /** The version {@code text} is ("v1.9", "1.10.2"), from {@code source}, or empty. */
  public static Optional<Version> parse(String text, String source) {
    Matcher m = VERSION.matcher(text.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(
        new Version(
            Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), text.trim(), source));
  }

  /** The versions .spl.yaml's {@code controllers} names (controllerName to version). */
  public static ControllerVersions configured(Map<String, Version> byControllerName) {
    return new ControllerVersions(byControllerName);
  }

  /** Collects versions as an input is scanned; conflicting sightings of one controller cancel. */
  /** Where Envoy Gateway's chart installs its controller, whose image tag is its release. */
  public static final String ENVOY_GATEWAY_NAMESPACE = "envoy-gateway-system";

  public static final String ENVOY_GATEWAY_DEPLOYMENT = "envoy-gateway";

  /**
   * The versions the containers of Envoy Gateway's controller Deployment say, read as a plain tree
   * (null: not there, or not readable); none when no image says one.
   */
  public static ControllerVersions ofEnvoyGatewayDeployment(Map<?, ?> deployment) {
    Builder found = new Builder();
    if (deployment != null
        && deployment.get("spec") instanceof Map<?, ?> spec
        && spec.get("template") instanceof Map<?, ?> template
        && template.get("spec") instanceof Map<?, ?> pod
        && pod.get("containers") instanceof List<?> containers) {
      for (Object c : containers) {
        if (c instanceof Map<?, ?> m && m.get("image") instanceof String image) {
          found.image(
              image, "Deployment " + ENVOY_GATEWAY_NAMESPACE + "/" + ENVOY_GATEWAY_DEPLOYMENT);
        }
      }
    }
    return found.build();
  }

  public static final class Builder {
    private final Map<String, Version> found = new HashMap<>();
    private final java.util.Set<String> conflicting = new java.util.HashSet<>();

    /**
     * A container image, e.g. {@code docker.io/envoyproxy/gateway:v1.9.2} or {@code
     * quay.io/cilium/operator-generic:v1.20.1}.
     */
    public Builder image(String image, String source) {
      for (Map.Entry<String, Pattern> controller : IMAGES.entrySet()) {
        Matcher m = controller.getValue().matcher(image.trim());
        if (m.find()) {
          add(
              controller.getKey(),
              new Version(
                  Integer.parseInt(m.group(2)),
                  Integer.parseInt(m.group(3)),
                  m.group(1), // the tag, not a digest after it
                  "image " + image.trim() + " in " + source));
        }
      }
      return this;
    }

    /** A Helm chart dependency ({@code Chart.yaml}'s dependencies[].name and version). */
    public Builder chartDependency(String name, String version, String source) {
      String controller = name == null ? null : CHARTS.get(name);
      if (controller != null && version != null) {
        parse(version, "chart dependency " + name + " " + version + " in " + source)
            .ifPresent(v -> add(controller, v));
      }
      return this;
    }

    /**
     * A controller seen at two minor versions (an upgrade in progress, two environments) tells
     * nothing certain: it is left out, and the newest release is assumed.
     */
    private void add(String controller, Version v) {
      Version earlier = found.putIfAbsent(controller, v);
      if (earlier != null && (earlier.major() != v.major() || earlier.minor() != v.minor())) {
        conflicting.add(controller);
      }
    }

    public ControllerVersions build() {
      Map<String, Version> out = new HashMap<>(found);
      out.keySet().removeAll(conflicting);
      return new ControllerVersions(out);
    }
  }
}
