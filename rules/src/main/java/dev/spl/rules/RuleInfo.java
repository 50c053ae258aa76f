package dev.spl.rules;

import dev.spl.model.Severity;

/**
 * What a rule is, for people: its permanent id and name, default severity and a one-line summary,
 * declared with {@link RuleDefinition}; why it matters, how to fix it and the spec it comes from,
 * from its dossier ({@link RuleDossier}). {@code spl explain} and the rule reference print exactly
 * this.
 */
public record RuleInfo(String id, String name, Severity severity, String summary, boolean fixable) {

  /** A rule without a fix. */
  public RuleInfo(String id, String name, Severity severity, String summary) {
    this(id, name, severity, summary, false);
  }

  private static final ClassValue<RuleInfo> DECLARED =
      new ClassValue<>() {
        @Override
        protected RuleInfo computeValue(Class<?> type) {
          RuleDefinition d = type.getAnnotation(RuleDefinition.class);
          if (d == null) {
            throw new IllegalStateException(type.getName() + " has no @RuleDefinition");
          }
          return new RuleInfo(d.id(), d.name(), d.severity(), d.summary(), d.fixable());
        }
      };

  /** The metadata {@code rule} declares with {@link RuleDefinition}. */
  public static RuleInfo of(Class<? extends Rule> rule) {
    return DECLARED.get(rule);
  }

  /** Why it matters. */
  public String why() {
    return RuleDossier.of(this).why();
  }

  /** How to fix it. */
  public String fix() {
    return RuleDossier.of(this).fix();
  }

  /** The spec or documentation it comes from. */
  public String reference() {
    return RuleDossier.of(this).reference();
  }
}
