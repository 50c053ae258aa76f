package dev.spl.load;

import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Turns a parsed document into resources: checks the object shape and expands lists. */
final class ResourceExtractor {
  /** Kinds without a namespace; everything else defaults to "default" as kubectl does. */
  private static final Set<String> CLUSTER_SCOPED =
      Set.of(
          Kinds.GATEWAY_CLASS,
          "Namespace",
          "Node",
          "PersistentVolume",
          "ClusterRole",
          "ClusterRoleBinding",
          "CustomResourceDefinition",
          "StorageClass",
          "PriorityClass",
          "ValidatingWebhookConfiguration",
          "MutatingWebhookConfiguration",
          "ValidatingAdmissionPolicy",
          "ValidatingAdmissionPolicyBinding",
          Kinds.INGRESS_CLASS,
          "APIService",
          "CSIDriver",
          "RuntimeClass",
          "CertificateSigningRequest",
          "ClusterIssuer");

  private ResourceExtractor() {}

  /**
   * @param skipped null for a strict read; in a lenient one, the reasons documents that are no
   *     objects a cluster would run were left out ({@link NonManifests#document})
   */
  static void extract(
      Node root, List<Resource> resources, List<LoadProblem> problems, List<String> skipped) {
    boolean lenient = skipped != null;
    if (lenient && !(root instanceof MapNode m && (m.has("apiVersion") || m.has("kind")))) {
      return; // not even trying to be a Kubernetes object
    }
    if (!(root instanceof MapNode map)) {
      String what = root instanceof ScalarNode s ? "a " + s.typeName() + " scalar" : "an array";
      problems.add(
          LoadProblem.notAResource(root.position(), LoadMessages.NOT_A_MAPPING, "what", what));
      return;
    }
    String kind = map.string("kind");
    ListNode items = map.list("items");
    if (kind != null && kind.endsWith("List") && items != null) {
      for (Node item : items.items()) {
        extract(item, resources, problems, skipped);
      }
      return;
    }
    if (lenient) {
      java.util.Optional<String> notAnObject = NonManifests.document(map);
      if (notAnObject.isPresent()) {
        skipped.add(notAnObject.get());
        return;
      }
    }
    List<String> missing = new ArrayList<>();
    String apiVersion = map.string("apiVersion");
    if (apiVersion == null || apiVersion.isEmpty()) {
      missing.add("apiVersion");
    }
    if (kind == null || kind.isEmpty()) {
      missing.add("kind");
    }
    MapNode metadata = map.map("metadata");
    String name = metadata == null ? null : metadata.string("name");
    if (name == null && metadata != null) {
      name = metadata.string("generateName");
    }
    if (name == null || name.isEmpty()) {
      missing.add("metadata.name");
    }
    if (!missing.isEmpty()) {
      LoadProblem problem =
          LoadProblem.notAResource(
              map.position(),
              LoadMessages.FIELDS_MISSING,
              "fields",
              String.join(", ", missing) + (missing.size() == 1 ? " is" : " are"));
      // In a walk, the kind tells the caller whether the broken object is spl's to report.
      problems.add(
          lenient && kind != null && name != null
              ? problem.in(new ResourceRef(apiVersion == null ? "" : apiVersion, kind, "", name))
              : problem);
      return;
    }
    String namespace = metadata.string("namespace");
    if (namespace == null || namespace.isEmpty()) {
      dev.spl.model.KindCatalogue.Kind catalogued =
          apiVersion == null
              ? null
              : dev.spl.model.KindCatalogue.find(ResourceRef.groupOf(apiVersion), kind);
      namespace =
          CLUSTER_SCOPED.contains(kind) || (catalogued != null && !catalogued.namespaced())
              ? ""
              : "default";
    }
    resources.add(new Resource(map, new ResourceRef(apiVersion, kind, namespace, name)));
  }
}
