package dev.spl.rules.nginx;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * SPL206: one Service port behind several Ingresses of one ingress-nginx class with different
 * affinity (the controller builds one upstream per Service port and merges their settings).
 */
@RuleDefinition(
    id = "SPL206",
    name = "nginx-affinity-differs-across-ingresses",
    severity = Severity.WARNING,
    summary = "One Service port is the backend of ingress-nginx Ingresses with different affinity.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class NginxAffinityDiffersAcrossIngresses implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Service {service} is also behind Ingress {ingress} with other affinity ({difference});"
              + " nginx merges the two");

  @Override
  public Inputs inputs() {
    return NginxIngress.INPUTS;
  }

  private record Use(NginxIngress ingress, IngressPath backend) {}

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    Map<String, List<Use>> byUpstream = new LinkedHashMap<>();
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      // A canary Ingress copies its main Ingress's affinity (unless legacy): not a rival.
      if (ing == null || ing.isTrue("canary")) {
        continue;
      }
      // Only Ingresses one controller serves share its upstreams: two ingress-nginx
      // installations (classes modsec and modsec-non-prod) each build their own.
      String cls = dev.spl.index.IngressClasses.requestedClassOf(r);
      TreeSet<String> seen = new TreeSet<>();
      for (IngressPath b : ing.backends()) {
        String upstream = r.namespace() + "/" + b.label() + "\0" + (cls == null ? "" : cls.trim());
        if (seen.add(upstream)) {
          byUpstream.computeIfAbsent(upstream, k -> new ArrayList<>()).add(new Use(ing, b));
        }
      }
    }
    // One finding per conflict: on the later Ingress, naming the earlier one it differs from.
    for (List<Use> uses : byUpstream.values()) {
      for (int i = 1; i < uses.size(); i++) {
        Use use = uses.get(i);
        Map<String, String> own = use.ingress().affinitySettings();
        for (Use other : uses.subList(0, i)) {
          Map<String, String> theirs = other.ingress().affinitySettings();
          if (!own.equals(theirs)) {
            reporter.report(
                info(),
                use.ingress().resource(),
                use.backend().field(),
                MESSAGE.format(
                    "service",
                    use.backend().label(),
                    "ingress",
                    other.ingress().resource().name(),
                    "difference",
                    difference(own, theirs)),
                List.of(Reporter.at(other.ingress().resource(), other.backend().field())));
            break; // one rival named is enough
          }
        }
      }
    }
  }

  /** The settings that matter most first, when naming a difference; then the rest by name. */
  private static final List<String> FIRST =
      List.of(
          "affinity",
          "affinity-mode",
          "session-cookie-name",
          "session-cookie-path",
          "session-cookie-max-age",
          "session-cookie-expires");

  /** The most telling setting that differs: {@code affinity cookie vs unset}. */
  static String difference(Map<String, String> a, Map<String, String> b) {
    List<String> names = new ArrayList<>(FIRST);
    TreeSet<String> rest = new TreeSet<>(a.keySet());
    rest.addAll(b.keySet());
    rest.removeAll(FIRST);
    names.addAll(rest);
    for (String name : names) {
      if (!Objects.equals(a.get(name), b.get(name))) {
        return name + " " + shown(a.get(name)) + " vs " + shown(b.get(name));
      }
    }
    return "";
  }

  private static String shown(String v) {
    if (v == null) {
      return "unset";
    }
    return v.length() > 24 ? v.substring(0, 21) + "..." : v;
  }
}
