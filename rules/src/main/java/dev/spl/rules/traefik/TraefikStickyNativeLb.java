package dev.spl.rules.traefik;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL502: Traefik sticky cookies together with native load balancing to the cluster IP. */
@RuleDefinition(
    id = "SPL502",
    name = "traefik-sticky-native-lb",
    severity = Severity.ERROR,
    summary = "Traefik sticky cookies on a Service that also asks for nativeLB.")
public final class TraefikStickyNativeLb implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.NONE
        .andAnnotations(KindRole.SERVICE, "traefik.ingress.kubernetes.io/service.")
        .and(Kinds.INGRESS_ROUTE, "routes");
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "nativeLB sends to the cluster IP and kube-proxy picks the pod: the sticky cookie pins"
              + " nothing");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() == KindRole.SERVICE) {
      MapNode.Entry nativeLb = TraefikAnnotations.entry(resource, TraefikAnnotations.NATIVE_LB);
      if (nativeLb != null
          && TraefikAnnotations.isTrue(nativeLb.value())
          && TraefikAnnotations.stickyOn(resource)) {
        reporter.report(
            info(),
            resource,
            FieldPath.of("metadata", "annotations", nativeLb.key()),
            MESSAGE.format());
      }
    } else if (resource.kind().equals(Kinds.INGRESS_ROUTE)
        && (resource.group().equals("traefik.io")
            || resource.group().equals("traefik.containo.us"))) {
      checkIngressRoute(resource, reporter);
    }
  }

  private void checkIngressRoute(Resource route, Reporter reporter) {
    ListNode routes = route.spec() == null ? null : route.spec().list("routes");
    for (int i = 0; routes != null && i < routes.size(); i++) {
      ListNode services = routes.get(i) instanceof MapNode r ? r.list("services") : null;
      for (int j = 0; services != null && j < services.size(); j++) {
        if (services.get(j) instanceof MapNode svc
            && svc.map("sticky") != null
            && svc.map("sticky").has("cookie")
            && TraefikAnnotations.isTrue(svc.get("nativeLB"))) {
          reporter.report(
              info(),
              route,
              FieldPath.of("spec", "routes", i, "services", j, "nativeLB"),
              MESSAGE.format());
        }
      }
    }
  }
}
