package dev.spl.apiserver.policies;

import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.rules.traefik.TraefikAnnotations;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** CEL over Traefik's annotations, for the two Traefik policies. */
final class TraefikCel {
  private TraefikCel() {}

  /**
   * The list of the object's service.sticky.cookie annotation keys. An object with more than {@link
   * CelText#MAX_SCANNED_ANNOTATIONS} annotations is not scanned (the API server's cost limit), only
   * looked up for the documented keys.
   */
  static String stickyKeys() {
    String sticky = TraefikAnnotations.STICKY;
    String documented =
        Stream.concat(
                Stream.of(sticky),
                TraefikAnnotations.STICKY_KEYS.stream().map(k -> sticky + "." + k))
            .map(Cel::quote)
            .collect(Collectors.joining(", ", "[", "]"));
    return Cel.of(
        """
        !has(object.metadata.annotations) ? []
          : size(object.metadata.annotations) <= ${max}
            ? object.metadata.annotations.filter(k, k == ${sticky} || k.startsWith(${prefix}))
            : ${documented}.filter(k, k in object.metadata.annotations)
        """,
        "max",
        Integer.toString(CelText.MAX_SCANNED_ANNOTATIONS),
        "sticky",
        Cel.quote(sticky),
        "prefix",
        Cel.quote(sticky + "."),
        "documented",
        documented);
  }
}
