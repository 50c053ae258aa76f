package dev.spl.rules.input;

import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleDefinition;

/** SPL002: a document that is not a Kubernetes object; the loader finds these. */
@RuleDefinition(
    id = "SPL002",
    name = "not-a-resource",
    severity = Severity.ERROR,
    summary = "A document is not an object with apiVersion, kind and metadata.name.",
    why =
        "The API server only accepts objects that say what they are. A document without apiVersion,"
            + " kind or metadata.name (or one that is a list or a plain value) is rejected by kubectl,"
            + " and spl cannot tell which rules apply to it.",
    fix = "Add the missing fields, or move the document out of the manifest directory.",
    reference = "Kubernetes API conventions: Objects",
    noPolicyBecause = NoPolicy.FILE,
    lintOnly = true)
public final class NotAResource implements Rule {}
