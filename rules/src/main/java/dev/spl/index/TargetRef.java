package dev.spl.index;

import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of a policy's targetRefs (or its single targetRef or targetReference), resolved as
 * Gateway API's LocalPolicyTargetReference is: in the policy's namespace, group "" and kind Service
 * when unset (as spl reads BackendLBPolicy and XBackendTrafficPolicy, whose targets are Services).
 *
 * @param path where the entry is, e.g. {@code spec.targetRefs[1]}
 */
public record TargetRef(ObjectKey target, FieldPath path) {

  /** The targetRefs of {@code policy} that name something, in order. */
  public static List<TargetRef> of(Resource policy) {
    List<TargetRef> refs = new ArrayList<>();
    ListNode targets = policy.spec() == null ? null : policy.spec().list("targetRefs");
    for (int i = 0; targets != null && i < targets.size(); i++) {
      if (targets.get(i) instanceof MapNode t && t.string("name") != null) {
        String group = t.string("group") == null ? "" : t.string("group");
        String kind = t.string("kind") == null ? Kinds.SERVICE : t.string("kind");
        refs.add(
            new TargetRef(
                new ObjectKey(group, kind, policy.namespace(), t.string("name")),
                FieldPath.of("spec", "targetRefs", i)));
      }
    }
    MapNode single = policy.spec() == null ? null : policy.spec().map("targetRef");
    if (targets == null && single != null && single.string("name") != null) {
      // GKE's GCPBackendPolicy names one target, possibly in another namespace
      String group = single.string("group") == null ? "" : single.string("group");
      String kind = single.string("kind") == null ? Kinds.SERVICE : single.string("kind");
      String namespace =
          single.string("namespace") == null ? policy.namespace() : single.string("namespace");
      refs.add(
          new TargetRef(
              new ObjectKey(group, kind, namespace, single.string("name")),
              FieldPath.of("spec", "targetRef")));
    }
    MapNode reference = policy.spec() == null ? null : policy.spec().map("targetReference");
    if (targets == null
        && single == null
        && reference != null
        && reference.string("name") != null) {
      // the AWS Load Balancer Controller's TargetGroupConfiguration names one Service of its own
      // namespace (Reference: group "" and kind Service by default)
      String group = reference.string("group") == null ? "" : reference.string("group");
      String kind = reference.string("kind") == null ? Kinds.SERVICE : reference.string("kind");
      refs.add(
          new TargetRef(
              new ObjectKey(group, kind, policy.namespace(), reference.string("name")),
              FieldPath.of("spec", "targetReference")));
    }
    String host = policy.spec() == null ? null : policy.spec().string("host");
    if (refs.isEmpty()
        && host != null
        && policy.is("networking.istio.io", Kinds.DESTINATION_RULE)) {
      ObjectKey service = serviceOfHost(host, policy.namespace());
      if (service != null) {
        refs.add(new TargetRef(service, FieldPath.of("spec", "host")));
      }
    }
    return refs;
  }

  /**
   * The Kubernetes Service an Istio host names: a short name (no dot), in the referrer's namespace,
   * or {@code name.namespace.svc.<cluster domain>}; Istio expands only names without a dot
   * (pilot/pkg/model ResolveShortnameToFQDN), so null for anything else, and for a wildcard.
   */
  static ObjectKey serviceOfHost(String host, String namespace) {
    if (host.contains("*") || host.isEmpty()) {
      return null;
    }
    String[] labels = host.split("\\.", -1);
    if (labels.length == 1) {
      return new ObjectKey("", Kinds.SERVICE, namespace, labels[0]);
    }
    if (labels.length >= 4 && labels[2].equals("svc")) {
      return new ObjectKey("", Kinds.SERVICE, labels[1], labels[0]);
    }
    return null;
  }
}
