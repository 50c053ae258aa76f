package dev.spl.rules.traefik;

import dev.spl.index.ControllerVersions;
import dev.spl.index.IngressClasses;
import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.nginx.NginxIngress;
import java.util.List;
import java.util.Optional;

/**
 * SPL505: an ingress-nginx Ingress with cookie affinity that Traefik's ingress-nginx provider
 * serves (as .spl.yaml's {@code controllers} says), where that provider builds another cookie than
 * ingress-nginx did. Facts from traefik pkg/provider/kubernetes/ingress-nginx (translator.go
 * buildSticky, annotations.go), master at v3.7.
 */
@RuleDefinition(
    id = "SPL505",
    name = "traefik-nginx-provider-cookie-differs",
    severity = Severity.WARNING,
    summary =
        "Traefik's ingress-nginx provider serves an Ingress's cookie affinity with another cookie"
            + " than ingress-nginx set.",
    noPolicyBecause = NoPolicy.INGRESS_NGINX_PARSER,
    noPolicyDetail = "and which controller serves the Ingress is .spl.yaml's controllers setting")
public final class TraefikNginxProviderCookieDiffers implements ResourceRule {
  public static final MessageTemplate SECURE_LOST =
      MessageTemplate.of(
          "Traefik sets the cookie's Secure only with session-cookie-secure: \"true\""
              + " (ingress-nginx did on HTTPS): add it");

  public static final MessageTemplate PATH_WIDENED =
      MessageTemplate.of(
          "Traefik sets the cookie's Path to / (ingress-nginx used {path}): add"
              + " session-cookie-path: {path}");

  public static final MessageTemplate NOT_READ =
      MessageTemplate.of("Traefik's ingress-nginx provider ignores {key}: {consequence}");

  public static final MessageTemplate EXPIRES_BEFORE_3_7 =
      MessageTemplate.of(
          "Traefik reads session-cookie-expires from v3.7 ({version} here): use"
              + " session-cookie-max-age");

  /** The affinity annotations the provider does not read, and what that changes. */
  private static final List<List<String>> NOT_READ_KEYS =
      List.of(
          List.of("affinity-mode", "its affinity is always persistent"),
          List.of("affinity-canary-behavior", "a -wrr cookie pins the canary choice"),
          List.of("session-cookie-conditional-samesite-none", "old browsers get SameSite=None too"),
          List.of("session-cookie-change-on-failure", "clients stay on a failed server"));

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.INGRESS, "ingressClassName", "rules", "tls")
        .andAnnotations(KindRole.INGRESS, NginxIngress.PREFIX, IngressClasses.CLASS_ANNOTATION)
        .and(KindRole.INGRESS_CLASS, "controller");
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    NginxIngress ing = NginxIngress.ofTraefikProvider(resource, context);
    if (ing == null || !ing.cookieAffinity()) {
      return;
    }
    if (ing.hasTls() && !ing.isTrue("session-cookie-secure")) {
      reporter.report(info(), resource, FieldPath.of("spec", "tls"), SECURE_LOST.format());
    }
    if (!ing.has("session-cookie-path")) {
      Optional<String> narrower =
          IngressPath.of(resource).stream()
              .map(IngressPath::path)
              .filter(p -> p != null && !p.isEmpty() && !p.equals("/"))
              .findFirst();
      narrower.ifPresent(
          path ->
              reporter.report(
                  info(), resource, ing.at("affinity"), PATH_WIDENED.format("path", path)));
    }
    for (List<String> key : NOT_READ_KEYS) {
      // persistent is what the provider does anyway
      if (ing.has(key.get(0))
          && !(key.get(0).equals("affinity-mode") && "persistent".equals(ing.value(key.get(0))))) {
        reporter.report(
            info(),
            resource,
            ing.at(key.get(0)),
            NOT_READ.format("key", key.get(0), "consequence", key.get(1)));
      }
    }
    Optional<ControllerVersions.Version> version =
        context.controllerVersions().of(ControllerVersions.TRAEFIK_INGRESS_NGINX);
    if (ing.has("session-cookie-expires") && version.isPresent() && !version.get().atLeast(3, 7)) {
      reporter.report(
          info(),
          resource,
          ing.at("session-cookie-expires"),
          EXPIRES_BEFORE_3_7.format("version", version.get().text()));
    }
  }
}
