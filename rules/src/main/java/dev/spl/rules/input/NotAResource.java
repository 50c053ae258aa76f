package dev.spl.rules.input;

import dev.spl.model.Severity;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleInfo;

/** SPL002: a document that is not a Kubernetes object; the loader finds these. */
public final class NotAResource implements Rule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL002",
          "not-a-resource",
          Severity.ERROR,
          "A document is not an object with apiVersion, kind and metadata.name.",
          "The API server only accepts objects that say what they are. A document without apiVersion,"
              + " kind or metadata.name (or one that is a list or a plain value) is rejected by kubectl,"
              + " and spl cannot tell which rules apply to it.",
          "Add the missing fields, or move the document out of the manifest directory.",
          "Kubernetes API conventions: Objects");

  @Override
  public RuleInfo info() {
    return INFO;
  }
}
