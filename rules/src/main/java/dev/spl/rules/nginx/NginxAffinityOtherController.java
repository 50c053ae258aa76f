package dev.spl.rules.nginx;

import dev.spl.index.IngressClasses;
import dev.spl.index.Inputs;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Map;

/**
 * SPL209: ingress-nginx's cookie affinity on an Ingress whose IngressClass another controller
 * serves. That controller reads none of ingress-nginx's annotations, and ingress-nginx's own rules
 * (SPL201-SPL208) leave the Ingress alone, so without this rule the dead affinity goes unsaid - the
 * usual state of an Ingress moved to a new class after ingress-nginx's retirement.
 */
@RuleDefinition(
    id = "SPL209",
    name = "nginx-affinity-other-controller",
    severity = Severity.WARNING,
    summary =
        "ingress-nginx's cookie affinity on an Ingress whose IngressClass another controller serves.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER,
    noPolicyDetail = "and which controller serves the Ingress is its IngressClass's")
public final class NginxAffinityOtherController implements ResourceRule {
  public static final MessageTemplate NOT_READ =
      MessageTemplate.of("{product} reads no ingress-nginx annotation on this Ingress: {fix}");

  /**
   * IngressClass controllers, each checked in its source, that read none of ingress-nginx's
   * annotations: the product and where its affinity goes instead.
   */
  private static final Map<String, String[]> CONTROLLERS =
      Map.of(
          // nginx/kubernetes-ingress internal/k8s/controller.go IngressControllerName
          "nginx.org/ingress-controller",
          new String[] {"F5 NGINX Ingress Controller", "use nginx.org/sticky-cookie-services"},
          // jcmoraisjr/haproxy-ingress pkg/controller/config/config.go controllerName
          "haproxy-ingress.github.io/controller",
          new String[] {"HAProxy Ingress", "use haproxy-ingress.github.io/affinity"},
          // haproxytech/kubernetes-ingress pkg/store/store.go CONTROLLER
          "haproxy.org/ingress-controller",
          new String[] {"HAProxy (haproxytech)", "haproxy.org/cookie-persistence on the Service"},
          // traefik pkg/provider/kubernetes/ingress/kubernetes.go: the kubernetesIngress provider,
          // not the ingress-nginx one (which claims k8s.io/ingress-nginx)
          "traefik.io/ingress-controller",
          new String[] {"Traefik (kubernetesIngress)", "sticky cookies go on the Service"});

  @Override
  public Inputs inputs() {
    return Inputs.NONE
        .andAnnotations(KindRole.INGRESS, NginxIngress.PREFIX)
        .and(KindRole.INGRESS, "ingressClassName")
        .andAnnotations(KindRole.INGRESS, IngressClasses.CLASS_ANNOTATION)
        .and(KindRole.INGRESS_CLASS, "controller");
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    String[] other =
        context.ingressClasses().controllerFor(resource).map(CONTROLLERS::get).orElse(null);
    if (other == null) {
      return;
    }
    NginxIngress written = NginxIngress.written(resource);
    if (written != null && written.cookieAffinity()) {
      reporter.report(
          info(),
          resource,
          written.at("affinity"),
          NOT_READ.format("product", other[0], "fix", other[1]));
    }
  }
}
