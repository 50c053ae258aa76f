package dev.spl.rules.cross;

import dev.spl.index.Inputs;
import dev.spl.index.ObjectKey;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/** SPL104: the same object (kind, namespace, name) defined twice in one build. */
@RuleDefinition(
    id = "SPL104",
    name = "duplicate-resource",
    severity = Severity.WARNING,
    summary = "The same object (kind, namespace, name) is defined twice in one build.",
    why =
        "A cluster holds one object per kind, namespace and name: whichever definition is applied"
            + " last silently replaces the other, so one of them never takes effect. spl checks"
            + " the cross-resource rules with the first definition only, and never reports an"
            + " object colliding with itself. Kustomize overlays are separate builds: the same"
            + " route in a dev and a prod overlay is no duplicate.",
    fix =
        "Delete one definition, rename one object, or move them into separate builds (kustomize"
            + " overlays, or directories linted apart).",
    reference = "Kubernetes object names: unique per kind and namespace")
public final class DuplicateResource implements IndexRule {

  @Override
  public Inputs inputs() {
    return Inputs.of(Inputs.Kind.ROUTE)
        .and(Inputs.Kind.POLICY)
        .and(Inputs.Kind.BACKEND)
        .and(Inputs.Kind.SERVICE)
        .and(Inputs.Kind.GATEWAY)
        .and(Inputs.Kind.GATEWAY_CLASS);
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    for (ResourceIndex.Duplicate d : index.duplicates()) {
      reporter.report(
          info(),
          d.again(),
          FieldPath.of("metadata").key("name"),
          ObjectKey.of(d.again()).describe()
              + " is also defined at "
              + d.first().position()
              + "; one replaces the other",
          List.of(new RelatedLocation(d.first().position(), d.first().ref())));
    }
  }
}
