package dev.spl.rules.traefik;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Locale;

/**
 * SPL507: a Traefik Middleware written as a sticky-session middleware. Traefik has none (the
 * Middleware CRD lists every middleware it has, none sticky), so the API server prunes the field
 * and the Middleware configures nothing.
 */
@RuleDefinition(
    id = "SPL507",
    name = "traefik-sticky-middleware",
    severity = Severity.WARNING,
    summary = "A Traefik Middleware with a sticky spec: Traefik has no sticky middleware.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class TraefikStickyMiddleware implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.TRAEFIK_MIDDLEWARE, "sticky", "Sticky");
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Traefik has no {key} middleware: this Middleware pins nothing; set sticky.cookie on the"
              + " route's service instead");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!resource.kind().equals(Kinds.TRAEFIK_MIDDLEWARE)
        || !(resource.group().equals("traefik.io")
            || resource.group().equals("traefik.containo.us"))
        || resource.spec() == null) {
      return;
    }
    for (MapNode.Entry e : resource.spec().entries()) {
      // written as Traefik's labels and file configuration spell it too (Sticky, sticky)
      if (e.key().toLowerCase(Locale.ROOT).equals("sticky")) {
        reporter.report(
            info(), resource, FieldPath.of("spec", e.key()), MESSAGE.format("key", e.key()));
      }
    }
  }
}
