package dev.spl.config;

import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;

/**
 * Which Gateway API version objects are checked against, decided in one place, in one order: what
 * the user names on the command line, then the configuration in force ({@code .spl.yaml}), then the
 * Gateway API CRDs in sight (the input's, or the cluster's), then the newest release spl knows.
 * Every face of spl (lint, the editor, audit, policy, migrate, the webhook) asks here.
 */
public final class VersionChooser {
  private VersionChooser() {}

  /** A version something named, and what named it (for the summary). */
  public record Named(GatewayApiVersion version, String source) {}

  /**
   * The version chosen, why, and whether anything named it (a fix that depends on the shape meant
   * holds only then).
   */
  public record Choice(GatewayApiVersion version, String reason, boolean named) {}

  /**
   * The version by the order above; each of {@code flag}, {@code config} and {@code crds} may be
   * null. {@code unnamed} says why the newest release is taken, in the caller's words.
   */
  public static Choice choose(Named flag, Named config, Named crds, String unnamed) {
    for (Named n : new Named[] {flag, config, crds}) {
      if (n != null) {
        return new Choice(n.version(), n.source(), true);
      }
    }
    return new Choice(GatewayApiVersion.NEWEST_RELEASE, "the newest release; " + unnamed, false);
  }

  /** The version the CRD {@code crd} stands for, named by {@code where}; null when it says none. */
  public static Named ofCrd(GatewayApiCrd crd, String where) {
    return crd == null
        ? null
        : crd.version()
            .map(v -> new Named(v, where + " (" + crd.versionReason() + ")"))
            .orElse(null);
  }
}
