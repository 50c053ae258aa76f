package dev.spl.schema;

import dev.spl.model.Suggestions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Gateway API release spl validates against. The session persistence schema changed between
 * releases (docs/versions.md); {@link #MAIN} is upstream's unreleased main branch as its CRDs are;
 * {@link #GEP_1619_BACKEND} is a proposal no CRD serves yet (GEP-1619's Backend attachment,
 * kubernetes-sigs/gateway-api PR #4876), chosen only by name. {@code latest} names the newest
 * release spl knows, never main.
 */
public enum GatewayApiVersion {
  /** v1.1.0 exactly: its CEL rule lacks the {@code has(self.cookieConfig)} guard. */
  V1_1_0("v1.1.0"),
  V1_1("v1.1"),
  V1_2("v1.2"),
  V1_3("v1.3"),
  V1_4("v1.4"),
  V1_5("v1.5"),
  V1_6("v1.6"),
  MAIN("main"),
  /**
   * main's shape plus the proposed Backend attachment ({@code spec.endpointSelector
   * .sessionPersistence} on Backend/XBackend), under which route-inline and policy persistence are
   * deprecated. Never inferred from CRDs: no released or main CRD has it.
   */
  GEP_1619_BACKEND("gep-1619-backend");

  /** What {@code latest} means, and the default when nothing else says: the newest release. */
  public static final GatewayApiVersion NEWEST_RELEASE = V1_6;

  private final String label;

  GatewayApiVersion(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /**
   * v1.1-v1.6 use sessionName and cookieConfig; main (and the proposal) the cookie/header union.
   */
  public boolean usesSessionNameShape() {
    return compareTo(MAIN) < 0;
  }

  /** idleTimeout was removed in v1.6. */
  public boolean hasIdleTimeout() {
    return compareTo(V1_5) <= 0;
  }

  /** The session persistence attachment on the Backend resource exists only in the proposal. */
  public boolean hasBackendAttachment() {
    return this == GEP_1619_BACKEND;
  }

  /**
   * v1.6 and main serve XBackend with one type, ExternalHostname (their xbackends CRD); older
   * releases have no XBackend CRD, and the proposal adds EndpointSelector.
   */
  public boolean servesExternalHostnameXBackend() {
    return compareTo(V1_6) >= 0 && !hasBackendAttachment();
  }

  /**
   * The proposal moves persistence to the Backend and deprecates it on route rules and policies;
   * upstream's main and every release keep both.
   */
  public boolean deprecatesRouteAndPolicyAttachment() {
    return this == GEP_1619_BACKEND;
  }

  /**
   * Parses a user's value: {@code main}, {@code latest}, {@code v1.4}, {@code 1.4}, {@code v1.4.1}.
   * A patch release maps to its minor version, except {@code v1.1.0}, whose CEL defect is
   * reproduced.
   */
  public static GatewayApiVersion parse(String text) {
    return tryParse(text)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown Gateway API version '"
                        + text
                        + "'"
                        + Suggestions.didYouMean(text, labels())
                        + "; expected one of "
                        + String.join(", ", labels())));
  }

  private static Optional<GatewayApiVersion> tryParse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("latest")) {
      return Optional.of(NEWEST_RELEASE);
    }
    if (t.equals("main")) {
      return Optional.of(MAIN);
    }
    if (t.equals(GEP_1619_BACKEND.label)) {
      return Optional.of(GEP_1619_BACKEND);
    }
    if (!t.startsWith("v")) {
      t = "v" + t;
    }
    if (t.equals("v1.1.0")) {
      return Optional.of(V1_1_0);
    }
    String[] parts = t.split("\\.");
    if (parts.length == 2 || (parts.length == 3 && parts[2].matches("\\d+"))) {
      String minor = parts[0] + "." + parts[1];
      for (GatewayApiVersion v : values()) {
        if (v.label.equals(minor)) {
          return Optional.of(v);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The version a set of installed CRDs is, from their {@code
   * gateway.networking.k8s.io/bundle-version} annotation: {@code v1.4.1} is v1.4; a development
   * build ({@code v0.0.0-dev}) is main; a release newer than spl knows is read as the newest it
   * knows. Empty for text that is no version at all.
   */
  public static Optional<GatewayApiVersion> ofBundleVersion(String bundleVersion) {
    String t = bundleVersion.trim().toLowerCase(Locale.ROOT);
    if (t.startsWith("v0.0.0")) {
      return Optional.of(MAIN);
    }
    Optional<GatewayApiVersion> known = tryParse(t);
    if (known.isPresent()) {
      return known;
    }
    return isNewerThanKnown(t) ? Optional.of(NEWEST_RELEASE) : Optional.empty();
  }

  /**
   * True for a release after the newest spl knows ({@code v1.7.0}, {@code v1.10.0-rc.1}): its shape
   * is not in spl's table, so a CRD's own schema should decide it ({@link GatewayApiCrd}).
   */
  public static boolean isNewerThanKnown(String bundleVersion) {
    String[] parts =
        bundleVersion.trim().toLowerCase(Locale.ROOT).replaceFirst("^v", "").split("[.-]");
    if (parts.length >= 2 && parts[0].equals("1") && parts[1].matches("\\d{1,4}")) {
      return Integer.parseInt(parts[1])
          > Integer.parseInt(NEWEST_RELEASE.label.split("\\.")[1]); // v1.6 -> 6
    }
    return false;
  }

  /** Every value {@link #parse} accepts by name, as a user would type it. */
  public static List<String> labels() {
    List<String> all = new ArrayList<>(Arrays.stream(values()).map(v -> v.label).toList());
    all.add("latest");
    return all;
  }

  public static String allLabels() {
    return labels().stream().collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return label;
  }
}
