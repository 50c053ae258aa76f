package dev.spl.webhook;

import dev.spl.model.Finding;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes findings as the Policy WG's reports (wgpolicyk8s.io/v1alpha2, which Policy Reporter and
 * Kyverno's UI read): a PolicyReport named {@code spl} per namespace with findings, and one
 * ClusterPolicyReport {@code spl} for cluster-scoped objects. A report is written only when its
 * results change, and deleted when its namespace has none left.
 */
final class PolicyReports {
  static final String NAME = "spl";
  static final ResourceDefinitionContext NAMESPACED =
      new ResourceDefinitionContext.Builder()
          .withGroup("wgpolicyk8s.io")
          .withVersion("v1alpha2")
          .withKind("PolicyReport")
          .withPlural("policyreports")
          .withNamespaced(true)
          .build();
  static final ResourceDefinitionContext CLUSTER =
      new ResourceDefinitionContext.Builder()
          .withGroup("wgpolicyk8s.io")
          .withVersion("v1alpha2")
          .withKind("ClusterPolicyReport")
          .withPlural("clusterpolicyreports")
          .withNamespaced(false)
          .build();

  private final KubernetesClient client;
  // namespace ("" for the cluster report) -> the results last written there
  private final Map<String, List<Map<String, Object>>> written = new HashMap<>();
  private final AtomicLong writes = new AtomicLong();

  PolicyReports(KubernetesClient client) {
    this.client = client;
  }

  /** Makes the reports say {@code findings}; returns how many reports were written or deleted. */
  int publish(List<Finding> findings) {
    Map<String, List<Map<String, Object>>> wanted = new TreeMap<>();
    for (Finding f : findings) {
      if (f.resource() != null) {
        wanted.computeIfAbsent(f.resource().namespace(), k -> new ArrayList<>()).add(result(f));
      }
    }
    int changed = 0;
    for (Map.Entry<String, List<Map<String, Object>>> e : wanted.entrySet()) {
      if (!e.getValue().equals(written.get(e.getKey()))) {
        write(e.getKey(), e.getValue());
        written.put(e.getKey(), e.getValue());
        changed++;
      }
    }
    for (String namespace : new ArrayList<>(written.keySet())) {
      if (!wanted.containsKey(namespace)) {
        delete(namespace);
        written.remove(namespace);
        changed++;
      }
    }
    writes.addAndGet(changed);
    return changed;
  }

  /** Reports written or deleted since the start. */
  long writes() {
    return writes.get();
  }

  /** Forgets what was written: a new leader reads nothing back and writes every report once. */
  void forget() {
    written.clear();
  }

  private void write(String namespace, List<Map<String, Object>> results) {
    GenericKubernetesResource report = new GenericKubernetesResource();
    report.setApiVersion("wgpolicyk8s.io/v1alpha2");
    report.setKind(namespace.isEmpty() ? "ClusterPolicyReport" : "PolicyReport");
    report.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(NAME)
            .withNamespace(namespace.isEmpty() ? null : namespace)
            .withLabels(Map.of("app.kubernetes.io/managed-by", "spl"))
            .build());
    Map<String, Object> summary = new LinkedHashMap<>();
    for (String outcome : List.of("pass", "fail", "warn", "error", "skip")) {
      summary.put(outcome, results.stream().filter(r -> outcome.equals(r.get("result"))).count());
    }
    report.setAdditionalProperty("summary", summary);
    report.setAdditionalProperty("results", results);
    var reports =
        namespace.isEmpty()
            ? client.genericKubernetesResources(CLUSTER).withName(NAME)
            : client.genericKubernetesResources(NAMESPACED).inNamespace(namespace).withName(NAME);
    var kind = client.genericKubernetesResources(namespace.isEmpty() ? CLUSTER : NAMESPACED);
    GenericKubernetesResource existing = reports.get();
    if (existing == null) {
      kind.resource(report).create();
    } else {
      report.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
      kind.resource(report).update();
    }
  }

  private void delete(String namespace) {
    try {
      (namespace.isEmpty()
              ? client.genericKubernetesResources(CLUSTER).withName(NAME)
              : client.genericKubernetesResources(NAMESPACED).inNamespace(namespace).withName(NAME))
          .delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }

  /** One result: fail for errors, warn for warnings and infos; the object as the resource. */
  static Map<String, Object> result(Finding f) {
    ResourceRef r = f.resource();
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("apiVersion", r.apiVersion());
    resource.put("kind", r.kind());
    if (!r.namespace().isEmpty()) {
      resource.put("namespace", r.namespace());
    }
    resource.put("name", r.name());
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("policy", NAME);
    result.put("rule", f.ruleId());
    result.put("result", f.severity() == Severity.ERROR ? "fail" : "warn");
    result.put(
        "severity",
        switch (f.severity()) {
          case ERROR -> "high";
          case WARNING -> "medium";
          case INFO -> "info";
        });
    result.put("category", "Gateway API session persistence");
    result.put("source", NAME);
    result.put("message", f.message());
    result.put("scored", true);
    result.put("resources", List.of(resource));
    if (!f.field().isEmpty()) {
      result.put("properties", Map.of("field", f.field(), "ruleName", f.ruleName()));
    }
    return result;
  }
}
