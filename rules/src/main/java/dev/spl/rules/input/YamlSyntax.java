package dev.spl.rules.input;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleDefinition;

/**
 * SPL001: a document the YAML parser cannot read; the loader finds these, this class names them.
 */
@RuleDefinition(
    id = "SPL001",
    name = "yaml-syntax",
    severity = Severity.ERROR,
    summary = "A document cannot be parsed as YAML.",
    why =
        "kubectl cannot apply what it cannot parse, and nothing after the error in that document is"
            + " checked. spl reports the parser's message at its position and still lints the other"
            + " documents of the file. Inputs that would exhaust the tool (alias bombs, deep nesting,"
            + " huge documents, invalid UTF-8) are reported here too.",
    fix = "Fix the syntax at the position shown; `yamllint` or an editor with YAML support helps.",
    reference = "YAML 1.2; Kubernetes reads manifests with go-yaml v2 (sigs.k8s.io/yaml)",
    noPolicyBecause = NoPolicy.FILE,
    lintOnly = true)
public final class YamlSyntax implements Rule {}
