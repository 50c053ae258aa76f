package dev.spl.rules.haproxy;

import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.List;

/**
 * The HAProxy Kubernetes Ingress Controller's (haproxytech/kubernetes-ingress) annotations: each
 * may be written with any of three prefixes (documentation/annotations.md).
 */
public final class HaproxyAnnotations {
  public static final List<String> PREFIXES =
      List.of("haproxy.org/", "haproxy.com/", "ingress.kubernetes.io/");

  /** Dynamic cookie persistence: {@code cookie <name> insert indirect nocache dynamic}. */
  public static final String COOKIE_PERSISTENCE = "cookie-persistence";

  /** Cookie persistence without the dynamic option (pkg/annotations/service/cookie.go). */
  public static final String COOKIE_PERSISTENCE_NO_DYNAMIC = "cookie-persistence-no-dynamic";

  /** A Backend custom resource, whose {@code dynamic_cookie_key} the controller then uses. */
  public static final String CR_BACKEND = "cr-backend";

  /** Raw HAProxy backend lines, which may set {@code dynamic-cookie-key} themselves. */
  public static final String BACKEND_SNIPPET = "backend-config-snippet";

  private HaproxyAnnotations() {}

  /** The annotation {@code name} under its first prefix written on {@code r}, or null. */
  static MapNode.Entry find(Resource r, String name) {
    MapNode a = r.annotations();
    if (a == null) {
      return null;
    }
    for (String prefix : PREFIXES) {
      MapNode.Entry e = a.entry(prefix + name);
      if (e != null) {
        return e;
      }
    }
    return null;
  }
}
