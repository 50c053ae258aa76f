package dev.spl.rules.input;

import dev.spl.model.Severity;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleInfo;

/**
 * SPL001: a document the YAML parser cannot read; the loader finds these, this class names them.
 */
public final class YamlSyntax implements Rule {
  public static final RuleInfo INFO =
      new RuleInfo(
          "SPL001",
          "yaml-syntax",
          Severity.ERROR,
          "A document cannot be parsed as YAML.",
          "kubectl cannot apply what it cannot parse, and nothing after the error in that document is"
              + " checked. spl reports the parser's message at its position and still lints the other"
              + " documents of the file. Inputs that would exhaust the tool (alias bombs, deep nesting,"
              + " huge documents, invalid UTF-8) are reported here too.",
          "Fix the syntax at the position shown; `yamllint` or an editor with YAML support helps.",
          "YAML 1.2; Kubernetes reads manifests with go-yaml v2 (sigs.k8s.io/yaml)");

  @Override
  public RuleInfo info() {
    return INFO;
  }
}
