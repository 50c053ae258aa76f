package dev.spl.rules.ngf;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;

/**
 * SPL252: route persistence that NGINX Gateway Fabric drops: the Header type (it writes NGINX Plus
 * {@code sticky cookie} only), a timeout too long for NGINX (both drop the whole persistence), and
 * a Session cookie's absoluteTimeout.
 */
@RuleDefinition(
    id = "SPL252",
    name = "ngf-persistence-dropped",
    severity = Severity.WARNING,
    summary =
        "NGINX Gateway Fabric drops a route's Header persistence, a timeout over 9999h, or a"
            + " Session cookie's absoluteTimeout.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class NgfPersistenceDropped implements IndexRule {
  public static final MessageTemplate HEADER =
      MessageTemplate.of(
          "NGINX Gateway Fabric pins by cookie only and ignores this Header persistence");
  public static final MessageTemplate TIMEOUT =
      MessageTemplate.of(
          "NGINX Gateway Fabric drops absoluteTimeout {timeout} from a Session cookie: sessions"
              + " get no time limit");

  public static final MessageTemplate TOO_LONG =
      MessageTemplate.of(
          "NGINX Gateway Fabric ignores this sessionPersistence: absoluteTimeout {timeout} is over"
              + " the 9999h it converts for NGINX");

  /** The longest duration NGF converts to NGINX's form (1-4 digits and a unit; common.go). */
  static final java.time.Duration NGINX_LONGEST = java.time.Duration.ofHours(9_999);

  /** NGF takes any controller name of its domain (cmd/gateway/commands.go). */
  static final String CONTROLLER_DOMAIN = "gateway.nginx.org/";

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.ROUTE, "rules.sessionPersistence", "parentRefs")
        .and(KindRole.GATEWAY, "gatewayClassName")
        .and(KindRole.GATEWAY_CLASS, "controllerName");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    // NGF reads the rule's sessionPersistence of the v1.x shape (sessionName, cookieConfig).
    if (!context.version().usesSessionNameShape()) {
      return;
    }
    for (NgfControllers.Served served : NgfControllers.persistenceServed(index)) {
      report(served.site(), served.servedBy().locations(), reporter);
    }
  }

  private void report(
      SessionPersistenceSite site, List<RelatedLocation> servedBy, Reporter reporter) {
    if ("Header".equals(site.type())) {
      reporter.report(info(), site.resource(), site.field("type"), HEADER.format(), servedBy);
    }
    if (site.absoluteTimeout() == null) {
      return;
    }
    if (site.absoluteTimeout().value().compareTo(NGINX_LONGEST) > 0) {
      reporter.report(
          info(),
          site.resource(),
          site.field("absoluteTimeout"),
          TOO_LONG.format("timeout", site.absoluteTimeout().text()),
          servedBy);
    } else if ("Session".equals(site.lifetimeType())) {
      reporter.report(
          info(),
          site.resource(),
          site.field("absoluteTimeout"),
          TIMEOUT.format("timeout", site.absoluteTimeout().text()),
          servedBy);
    }
  }
}
