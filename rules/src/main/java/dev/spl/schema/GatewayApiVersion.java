package dev.spl.schema;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The Gateway API release spl validates against. The session persistence schema changed between
 * releases (design.md, "Gateway API versions"); {@link #LATEST} is GEP-1619 as written today.
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
  LATEST("latest");

  private final String label;

  GatewayApiVersion(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** v1.1-v1.6 use sessionName and cookieConfig; latest uses the cookie/header union. */
  public boolean usesSessionNameShape() {
    return this != LATEST;
  }

  /** idleTimeout was removed in v1.6. */
  public boolean hasIdleTimeout() {
    return compareTo(V1_5) <= 0;
  }

  /** The session persistence attachment on the Backend resource exists only in latest. */
  public boolean hasBackendAttachment() {
    return this == LATEST;
  }

  /**
   * Parses a user's value: {@code latest}, {@code v1.4}, {@code 1.4}, {@code v1.4.1}. A patch
   * release maps to its minor version, except {@code v1.1.0}, whose CEL defect is reproduced.
   */
  public static GatewayApiVersion parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("latest")) {
      return LATEST;
    }
    if (!t.startsWith("v")) {
      t = "v" + t;
    }
    if (t.equals("v1.1.0")) {
      return V1_1_0;
    }
    String[] parts = t.split("\\.");
    if (parts.length == 2 || (parts.length == 3 && parts[2].matches("\\d+"))) {
      String minor = parts[0] + "." + parts[1];
      for (GatewayApiVersion v : values()) {
        if (v.label.equals(minor)) {
          return v;
        }
      }
    }
    throw new IllegalArgumentException(
        "unknown Gateway API version '" + text + "'; expected one of " + allLabels());
  }

  public static String allLabels() {
    return Arrays.stream(values()).map(v -> v.label).collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return label;
  }
}
