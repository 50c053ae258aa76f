package dev.spl.rules.f5;

import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.function.BiConsumer;

/** The upstreams' sessionCookie blocks of F5's VirtualServers and VirtualServerRoutes. */
final class SessionCookies {
  private SessionCookies() {}

  /** Each {@code upstreams[i].sessionCookie} of {@code resource}, with where it is written. */
  static void each(Resource resource, BiConsumer<MapNode, FieldPath> visit) {
    if (!"k8s.nginx.org".equals(resource.group())
        || !(Kinds.VIRTUAL_SERVER.equals(resource.kind())
            || Kinds.VIRTUAL_SERVER_ROUTE.equals(resource.kind()))
        || resource.spec() == null
        || !(resource.spec().get("upstreams") instanceof ListNode upstreams)) {
      return;
    }
    for (int i = 0; i < upstreams.size(); i++) {
      if (upstreams.get(i) instanceof MapNode upstream
          && upstream.get("sessionCookie") instanceof MapNode cookie) {
        visit.accept(cookie, FieldPath.of("spec", "upstreams", i, "sessionCookie"));
      }
    }
  }
}
