package dev.spl.model;

/** The coordinates of a Kubernetes object; {@code namespace} is the effective one. */
public record ResourceRef(String apiVersion, String kind, String namespace, String name) {

  /** The API group: the part of apiVersion before the slash, "" for the core group. */
  public String group() {
    return groupOf(apiVersion);
  }

  /** The group of {@code apiVersion}: {@code apps} of {@code apps/v1}, "" of {@code v1}. */
  public static String groupOf(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** {@code Kind ns/name}, or {@code Kind name} for cluster-scoped objects. */
  public String describe() {
    return namespace == null || namespace.isEmpty()
        ? kind + " " + name
        : kind + " " + namespace + "/" + name;
  }
}
