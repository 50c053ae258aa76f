package dev.spl.rules.nginx;

import dev.spl.index.Autoscalers;
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
import java.util.Optional;

/** SPL207: balanced cookie affinity in front of an autoscaled workload. */
@RuleDefinition(
    id = "SPL207",
    name = "nginx-balanced-affinity-autoscaled",
    severity = Severity.INFO,
    summary =
        "ingress-nginx balanced affinity in front of a workload a HorizontalPodAutoscaler scales.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class NginxBalancedAffinityAutoscaled implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{scaler} of Service {service}: balanced affinity moves sessions on scale-up");

  @Override
  public Inputs inputs() {
    return NginxIngress.INPUTS
        .and(KindRole.SERVICE, "selector")
        .and(KindRole.WORKLOAD, "template.metadata.labels")
        .and(KindRole.HORIZONTAL_POD_AUTOSCALER, "scaleTargetRef");
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    Autoscalers scalers = null; // built on the first Ingress that needs it
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      if (ing == null || !ing.cookieAffinity() || "persistent".equals(ing.value("affinity-mode"))) {
        continue;
      }
      scalers = scalers == null ? Autoscalers.of(index) : scalers;
      for (IngressPath b : ing.backends()) {
        Optional<String> scaled = scalers.scaling(r.namespace(), b.service());
        if (scaled.isPresent()) {
          String at = ing.has("affinity-mode") ? "affinity-mode" : "affinity";
          reporter.report(
              info(),
              r,
              ing.at(at),
              MESSAGE.format("scaler", scaled.get(), "service", b.service()));
          break;
        }
      }
    }
  }
}
