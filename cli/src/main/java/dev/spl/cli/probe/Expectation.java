package dev.spl.cli.probe;

import dev.spl.load.ManifestLoader;
import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.GatewayDuration;
import dev.spl.schema.SessionPersistenceLocator;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/**
 * What the gateway should do: persist with a cookie or a header of some name, and for a cookie its
 * path and lifetime. From flags, or read from a manifest through the engine's model.
 *
 * @param absoluteTimeoutSeconds the expected Max-Age for a Permanent cookie, else null
 * @param idleTimeoutSeconds how long an idle session is kept (idleTimeout before v1.6), else null
 */
record Expectation(
    boolean isHeader,
    String name,
    String path,
    boolean isPermanent,
    Long absoluteTimeoutSeconds,
    Long idleTimeoutSeconds,
    String source) {

  static Expectation cookie(String name) {
    return new Expectation(false, name, "/", false, null, null, "--cookie");
  }

  static Expectation header(String name) {
    return new Expectation(true, name, null, false, null, null, "--header");
  }

  /** Any cookie the gateway sets, when nothing says which. */
  static Expectation anyCookie() {
    return new Expectation(false, null, "/", false, null, null, "default");
  }

  /**
   * The first sessionPersistence object in {@code file}, read as {@code version}; null reads each
   * object in the shape it is written in (a Backend as main, sessionName as the newest release).
   */
  static Expectation fromManifest(String file, GatewayApiVersion version) {
    var input = new ManifestLoader().load(List.of(file), () -> null);
    if (!input.inputErrors().isEmpty()) {
      throw new IllegalArgumentException(input.inputErrors().get(0));
    }
    for (Resource r : input.resources()) {
      GatewayApiVersion as =
          version != null
              ? version
              : r.role() == KindRole.BACKEND
                  ? GatewayApiVersion.GEP_1619_BACKEND
                  : GatewayApiVersion.NEWEST_RELEASE;
      List<SessionPersistenceSite> sites = SessionPersistenceLocator.find(r, as);
      if (version == null && !sites.isEmpty() && sites.get(0).writtenFor().isPresent()) {
        sites = SessionPersistenceLocator.find(r, sites.get(0).writtenFor().get());
      }
      for (SessionPersistenceSite site : sites) {
        if (site.celInput() == null) {
          continue;
        }
        String where = file + " (" + r.ref().describe() + ", " + site.path() + ")";
        GatewayDuration idle = GatewayDuration.parse(site.stringAt("idleTimeout"));
        Long idleSeconds = idle == null ? null : idle.value().toSeconds();
        if ("Header".equals(site.type())) {
          return new Expectation(true, site.sessionName(), null, false, null, idleSeconds, where);
        }
        Long seconds =
            site.absoluteTimeout() == null ? null : site.absoluteTimeout().value().toSeconds();
        String path = site.cookiePath() == null ? "/" : site.cookiePath();
        return new Expectation(
            false, site.sessionName(), path, site.isPermanent(), seconds, idleSeconds, where);
      }
    }
    throw new IllegalArgumentException(
        file
            + " holds no sessionPersistence"
            + (version == null ? "" : " for Gateway API " + version + " (try another version)"));
  }
}
