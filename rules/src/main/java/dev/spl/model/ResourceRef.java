package dev.spl.model;

/** The coordinates of a Kubernetes object; {@code namespace} is the effective one. */
public record ResourceRef(String apiVersion, String kind, String namespace, String name) {

  /** {@code Kind ns/name}, or {@code Kind name} for cluster-scoped objects. */
  public String describe() {
    return namespace == null || namespace.isEmpty()
        ? kind + " " + name
        : kind + " " + namespace + "/" + name;
  }
}
