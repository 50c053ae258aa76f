package dev.spl.rules;

import dev.spl.model.Severity;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A rule's metadata, declared once on its class: {@link Rule#info} reads it. The long prose (why,
 * how to fix it, the reference) is the rule's dossier, {@code examples/<id>-<name>/rule.md}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleDefinition {
  /** The permanent id, {@code SPLnnn}. */
  String id();

  /** The permanent name, kebab-case. */
  String name();

  Severity severity();

  /** One line: what the rule finds. */
  String summary();

  /**
   * Why the API server cannot, or need not, judge this rule in a ValidatingAdmissionPolicy; {@link
   * NoPolicy#NONE} for a rule that has a policy. A meta-test holds it to the policies that exist:
   * every rule has a policy or says why not.
   */
  NoPolicy noPolicyBecause() default NoPolicy.NONE;

  /** What, in the rule's own terms, makes {@link #noPolicyBecause} so (printed after it). */
  String noPolicyDetail() default "";

  /**
   * True when only {@code spl lint} sees what the rule is about (a file, a chart, a kustomize
   * build), so neither the API server nor the webhook can enforce it.
   */
  boolean lintOnly() default false;

  /**
   * True when the rule gives some of its findings a {@link dev.spl.model.Fix}: a repair it is sure
   * of (never a guess between two). {@code spl lint --fix} applies them; a test holds each fixable
   * rule's bad example to its fixed text.
   */
  boolean fixable() default false;
}
