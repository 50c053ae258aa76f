package dev.spl.rules.traefik;

import dev.spl.index.IngressClasses;
import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * SPL504: SPL503's collision in the Kubernetes Ingress provider's form. Traefik reads a Service's
 * sticky cookie from its {@code service.sticky.cookie.*} annotations; two Services behind Traefik
 * Ingresses of one host whose cookies have one name and path (default {@code /}) overwrite each
 * other's pin in the browser. Only Ingresses Traefik serves count: those of an IngressClass whose
 * controller is Traefik's, or, where no IngressClass given says, of no class or a class named
 * traefik.
 */
@RuleDefinition(
    id = "SPL504",
    name = "traefik-service-sticky-cookie-shared",
    severity = Severity.WARNING,
    summary =
        "Two Services behind Traefik Ingresses of one host with sticky cookies of one name and"
            + " path.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class TraefikServiceStickyCookieShared implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sticky cookie \"{cookie}\" on {host} is Service {other}'s too (Ingress {ingress}):"
              + " each overwrites the other's pin");

  /** The controller name Traefik's IngressClass carries (Traefik's ingress provider docs). */
  static final String CONTROLLER = "traefik.io/ingress-controller";

  private static final String NAME = TraefikAnnotations.STICKY + ".name";
  private static final String PATH = TraefikAnnotations.STICKY + ".path";

  private static final Inputs INPUTS =
      Inputs.of(KindRole.INGRESS, "ingressClassName", "rules", "defaultBackend", "backend")
          .andAnnotations(KindRole.INGRESS, IngressClasses.CLASS_ANNOTATION)
          .and(KindRole.INGRESS_CLASS, "controller")
          .andAnnotations(KindRole.SERVICE, TraefikAnnotations.STICKY);

  @Override
  public Inputs inputs() {
    return INPUTS;
  }

  private record Use(Resource service, Resource ingress, IngressPath backend) {}

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    Map<String, List<Use>> byHostAndCookie = new LinkedHashMap<>();
    for (Resource ingress : index.all(KindRole.INGRESS)) {
      if (!servedByTraefik(ingress, context.ingressClasses())) {
        continue;
      }
      for (IngressPath b : IngressPath.of(ingress)) {
        Resource service =
            index
                .find(new ObjectKey("", Kinds.SERVICE, ingress.namespace(), b.service()))
                .orElse(null);
        String cookie = service == null ? null : cookieKey(service);
        if (cookie == null) {
          continue;
        }
        String host = b.host() == null ? "*" : b.host().toLowerCase(Locale.ROOT);
        byHostAndCookie
            .computeIfAbsent(host + "\0" + cookie, k -> new ArrayList<>())
            .add(new Use(service, ingress, b));
      }
    }
    Set<Resource> reported = new HashSet<>();
    for (List<Use> uses : byHostAndCookie.values()) {
      Use first = uses.get(0);
      for (Use use : uses) {
        if (use.service() == first.service() || !reported.add(use.service())) {
          continue; // one Service's own paths share its servers; one finding per Service
        }
        String host = use.backend().host();
        reporter.report(
            info(),
            use.service(),
            FieldPath.of("metadata", "annotations", NAME),
            MESSAGE.format(
                "cookie",
                ScalarNode.text(use.service().annotations().get(NAME)),
                "host",
                host == null ? "any host" : host,
                "other",
                first.service().name(),
                "ingress",
                first.ingress().name()),
            List.of(
                Reporter.at(first.service(), FieldPath.of("metadata", "annotations", NAME)),
                Reporter.at(first.ingress(), first.backend().field()),
                Reporter.at(use.ingress(), use.backend().field())));
      }
    }
  }

  /** A Service's sticky cookie's name and path when stickiness is on and the name is written. */
  private static String cookieKey(Resource service) {
    MapNode annotations = service.annotations();
    if (annotations == null || !TraefikAnnotations.stickyOn(service)) {
      return null;
    }
    String name = ScalarNode.text(annotations.get(NAME));
    if (name == null || name.isBlank()) {
      return null; // Traefik derives a name from the service: never shared
    }
    String path = ScalarNode.text(annotations.get(PATH));
    return name + "\0" + (path == null || path.isEmpty() ? "/" : path);
  }

  /** True when Traefik serves the Ingress, as far as the objects given can tell. */
  static boolean servedByTraefik(Resource ingress, IngressClasses classes) {
    var controller = classes.controllerFor(ingress);
    if (controller.isPresent()) {
      return controller.get().equals(CONTROLLER);
    }
    String cls = IngressClasses.requestedClassOf(ingress);
    return cls == null || cls.trim().toLowerCase(Locale.ROOT).contains("traefik");
  }
}
