package dev.spl.rules;

import dev.spl.model.Severity;

/**
 * What a rule is, for people: its permanent id and name, default severity, a one-line summary, why
 * it matters, how to fix it, and the spec it comes from. {@code spl explain} and the rule reference
 * print exactly this. A rule declares it with {@link RuleDefinition}.
 */
public record RuleInfo(
    String id,
    String name,
    Severity severity,
    String summary,
    String why,
    String fix,
    String reference) {

  private static final ClassValue<RuleInfo> DECLARED =
      new ClassValue<>() {
        @Override
        protected RuleInfo computeValue(Class<?> type) {
          RuleDefinition d = type.getAnnotation(RuleDefinition.class);
          if (d == null) {
            throw new IllegalStateException(type.getName() + " has no @RuleDefinition");
          }
          return new RuleInfo(
              d.id(), d.name(), d.severity(), d.summary(), d.why(), d.fix(), d.reference());
        }
      };

  /** The metadata {@code rule} declares with {@link RuleDefinition}. */
  public static RuleInfo of(Class<? extends Rule> rule) {
    return DECLARED.get(rule);
  }
}
