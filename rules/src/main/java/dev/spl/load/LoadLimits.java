package dev.spl.load;

/**
 * Bounds that keep hostile input from exhausting the tool. The defaults are far above any real
 * Kubernetes object (the API server takes requests up to 3 MiB).
 *
 * @param maxDocumentChars the largest single YAML document read, in characters
 * @param maxDepth the deepest nesting of mappings and lists
 * @param maxNodesPerDocument the most values one document may expand to, aliases included
 * @param maxAliases the most aliases to collections in one document (billion laughs)
 */
public record LoadLimits(
    int maxDocumentChars, int maxDepth, int maxNodesPerDocument, int maxAliases) {

  public static LoadLimits defaults() {
    return new LoadLimits(8 * 1024 * 1024, 256, 1_000_000, 50);
  }
}
