package dev.spl.rules;

import dev.spl.model.Severity;

/**
 * What a rule is, for people: its permanent id and name, default severity, a one-line summary, why
 * it matters, how to fix it, and the spec it comes from. {@code spl explain} and the rule reference
 * print exactly this.
 */
public record RuleInfo(
    String id,
    String name,
    Severity severity,
    String summary,
    String why,
    String fix,
    String reference) {}
