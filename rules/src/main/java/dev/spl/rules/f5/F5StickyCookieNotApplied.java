package dev.spl.rules.f5;

import dev.spl.index.IngressClasses;
import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.nginx.NginxIngress;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * SPL231: an Ingress served by F5 NGINX Ingress Controller whose sticky cookie F5 does not apply.
 * Facts from nginx/kubernetes-ingress (0eb3072, 2026-08): internal/configs/annotations.go
 * getSessionPersistenceServices (nginx.org/ wins over nginx.com/), parsing_helpers.go
 * ParseStickyServiceList (one malformed entry drops them all), ingress.go (the cookie goes on the
 * upstream of the named Service of this Ingress).
 */
@RuleDefinition(
    id = "SPL231",
    name = "f5-sticky-cookie-not-applied",
    severity = Severity.WARNING,
    summary =
        "An Ingress served by F5 NGINX Ingress Controller whose sticky cookie F5 does not apply.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS,
    noPolicyDetail = "which controller serves the Ingress is its IngressClass's")
public final class F5StickyCookieNotApplied implements ResourceRule {
  public static final MessageTemplate ENTRY_REFUSED =
      MessageTemplate.of(
          "F5's controller drops the whole annotation: entry \"{entry}\" is not"
              + " serviceName=SERVICE COOKIE [parameters] without \" or $");

  public static final MessageTemplate NOT_A_BACKEND =
      MessageTemplate.of(
          "serviceName={service} is no backend of this Ingress: no upstream of it is sticky");

  public static final MessageTemplate BOTH_WRITTEN =
      MessageTemplate.of("F5's controller reads nginx.org/sticky-cookie-services and ignores this");

  static final String CONTROLLER = "nginx.org/ingress-controller";
  private static final String ORG = NginxIngress.F5_ORG + "sticky-cookie-services";
  private static final String COM = NginxIngress.F5_COM + "sticky-cookie-services";
  // parsing_helpers.go stickyCookieRegex: the parameters may hold no '"' and no '$'
  private static final Pattern PARAMETERS = Pattern.compile("([^\"$\\\\]|\\\\[^$])*");

  @Override
  public Inputs inputs() {
    return Inputs.of(KindRole.INGRESS, "ingressClassName", "rules", "defaultBackend")
        .andAnnotations(
            KindRole.INGRESS,
            NginxIngress.PREFIX,
            NginxIngress.F5_ORG,
            NginxIngress.F5_COM,
            IngressClasses.CLASS_ANNOTATION)
        .and(KindRole.INGRESS_CLASS, "controller");
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode annotations = resource.annotations();
    if (annotations == null) {
      return;
    }
    boolean classIsF5 =
        context.ingressClasses().controllerFor(resource).filter(CONTROLLER::equals).isPresent();
    String org = ScalarNode.text(annotations.get(ORG));
    String com = ScalarNode.text(annotations.get(COM));
    if (org == null && com == null) {
      return; // ingress-nginx's affinity left on an F5 Ingress is SPL209's
    }
    // without its IngressClass in sight, an Ingress ingress-nginx would serve is SPL204's
    boolean servedByF5 =
        classIsF5
            || (context.ingressClasses().controllerFor(resource).isEmpty()
                && NginxIngress.of(resource, context) == null);
    if (!servedByF5) {
      return;
    }
    if (org != null && com != null) {
      reporter.report(info(), resource, at(COM), BOTH_WRITTEN.format());
    }
    String key = org != null ? ORG : COM;
    checkEntries(resource, org != null ? org : com, at(key), reporter);
  }

  private void checkEntries(Resource resource, String value, FieldPath at, Reporter reporter) {
    List<String> services = new java.util.ArrayList<>();
    for (String entry : value.split(";", -1)) {
      String[] parts = entry.split(" ", 2);
      String[] service = parts[0].split("=", -1);
      if (parts.length != 2 || service.length != 2 || !PARAMETERS.matcher(parts[1]).matches()) {
        reporter.report(info(), resource, at, ENTRY_REFUSED.format("entry", entry));
        return;
      }
      services.add(service[1]);
    }
    if (resource.annotations().get(NginxIngress.F5_ORG + "mergeable-ingress-type") != null) {
      return; // a master's or minion's backends are spread over several Ingresses
    }
    Set<String> backends =
        IngressPath.of(resource).stream().map(IngressPath::service).collect(Collectors.toSet());
    for (String service : services) {
      if (!backends.contains(service)) {
        reporter.report(info(), resource, at, NOT_A_BACKEND.format("service", service));
      }
    }
  }

  private static FieldPath at(String key) {
    return FieldPath.of("metadata", "annotations", key);
  }
}
