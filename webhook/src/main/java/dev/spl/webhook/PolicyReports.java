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

  /**
   * Results one report lists at most: about 500 KB of JSON, well under what the API server stores
   * (etcd's 1.5 MiB request limit; a 1.9 MB report was refused, issue 51). The summary still counts
   * every finding, and the report's {@value #OMITTED} annotation says how many are not listed.
   */
  static final int MAX_RESULTS = 1_000;

  /** The annotation that says how many findings a report could not list. */
  static final String OMITTED = "spl.dev/results-omitted";

  /** What one publish did: reports written or deleted, and the namespaces it could not write. */
  record Published(int changed, Map<String, String> failed) {}

  /**
   * Makes the reports say {@code findings}, each namespace's on its own: one the API server refuses
   * (too large, a webhook of its own, a quota) is left for the next run and the others are still
   * written.
   */
  Published publish(List<Finding> findings) {
    Map<String, List<Map<String, Object>>> wanted = new TreeMap<>();
    for (Finding f : findings) {
      if (f.resource() != null) {
        wanted.computeIfAbsent(f.resource().namespace(), k -> new ArrayList<>()).add(result(f));
      }
    }
    int changed = 0;
    Map<String, String> failed = new TreeMap<>();
    for (Map.Entry<String, List<Map<String, Object>>> e : wanted.entrySet()) {
      if (!e.getValue().equals(written.get(e.getKey()))) {
        try {
          write(e.getKey(), e.getValue());
          written.put(e.getKey(), e.getValue());
          changed++;
        } catch (KubernetesClientException ex) {
          written.remove(e.getKey()); // unknown now: written again next time
          failed.put(e.getKey(), String.valueOf(ex.getMessage()).split("\n", 2)[0]);
        }
      }
    }
    for (String namespace : new ArrayList<>(written.keySet())) {
      if (!wanted.containsKey(namespace)) {
        try {
          delete(namespace);
          written.remove(namespace);
          changed++;
        } catch (KubernetesClientException ex) {
          failed.put(namespace, String.valueOf(ex.getMessage()).split("\n", 2)[0]);
        }
      }
    }
    writes.addAndGet(changed);
    return new Published(changed, failed);
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
    report.setAdditionalProperty("results", listed(results));
    if (results.size() > MAX_RESULTS) {
      report
          .getMetadata()
          .setAnnotations(Map.of(OMITTED, String.valueOf(results.size() - MAX_RESULTS)));
    }
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

  /** The results a report lists: the errors first, at most {@link #MAX_RESULTS}. */
  static List<Map<String, Object>> listed(List<Map<String, Object>> results) {
    if (results.size() <= MAX_RESULTS) {
      return results;
    }
    List<Map<String, Object>> ordered = new ArrayList<>(results);
    ordered.sort(java.util.Comparator.comparing(r -> "fail".equals(r.get("result")) ? 0 : 1));
    return List.copyOf(ordered.subList(0, MAX_RESULTS));
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
