package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL703: a GCPBackendPolicy's affinity aimed at something GKE does not apply it to. */
@RuleDefinition(
    id = "SPL703",
    name = "gke-policy-target-invalid",
    severity = Severity.ERROR,
    summary =
        "A GKE GCPBackendPolicy with session affinity targets something other than a Service or"
            + " ServiceImport of its namespace.")
public final class GkePolicyTargetInvalid implements ResourceRule {
  @Override
  public Inputs inputs() {
    return GkeAffinity.INPUTS.and(GkeAffinity.KIND, "targetRef");
  }

  /** {target} is the kind and, when another namespace, namespace/name of the target. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "a GCPBackendPolicy applies only to a Service or ServiceImport of its namespace, not"
              + " {target}: no affinity");

  static final FieldPath TARGET = FieldPath.of("spec", "targetRef");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (GkeAffinity.of(resource) == null || !(resource.nodeAt(TARGET) instanceof MapNode target)) {
      return;
    }
    String group = target.string("group") == null ? "" : target.string("group");
    String kind = target.string("kind");
    String name = target.string("name");
    if (kind == null || name == null) {
      return; // the CRD requires both: the API server says so
    }
    boolean service = group.isEmpty() && kind.equals(Kinds.SERVICE);
    boolean serviceImport = group.equals("net.gke.io") && kind.equals("ServiceImport");
    // GKE Inference Gateway's pools take GCPBackendPolicies too
    boolean inferencePool =
        group.startsWith("inference.networking.") && kind.equals("InferencePool");
    if (!service && !serviceImport && !inferencePool) {
      reporter.report(info(), resource, TARGET, MESSAGE.format("target", kind + " " + name));
      return;
    }
    // only a namespace the policy writes is compared: one given at apply time is not known here
    String own = resource.metadata() == null ? null : resource.metadata().string("namespace");
    String theirs = target.string("namespace");
    if (own != null && theirs != null && !theirs.equals(own)) {
      reporter.report(
          info(),
          resource,
          TARGET.key("namespace"),
          MESSAGE.format("target", kind + " " + theirs + "/" + name));
    }
  }
}
