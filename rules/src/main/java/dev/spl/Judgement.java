package dev.spl;

import dev.spl.catalogue.RuleSelection;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.Suppressions;
import java.util.Map;
import java.util.Optional;

/**
 * What a rule's finding ends up as, decided once, inside the engine, before the finding leaves it:
 * reported or not, and at which severity. Made of the rule selection ({@code --enable}, {@code
 * --disable}, the configured levels), the annotation policy (which severities an author's {@code
 * ignore.spl.dev/<rule>} annotation may hide: judged at the severity the finding will have) and the
 * configuration's suppressions and skips. {@code spl lint} (a judgement per directory's {@code
 * .spl.yaml}), {@code spl audit}, the webhook, the background audit and the policy generator all
 * judge through it; none changes a finding afterwards.
 */
public final class Judgement {
  /**
   * A configuration's suppressions and skips: true hides {@code ruleId}'s finding on the object.
   */
  @FunctionalInterface
  public interface Hiding {
    Hiding NONE = (ruleId, resource) -> false;

    boolean hides(String ruleId, ResourceRef resource);
  }

  private final RuleSelection rules;
  private final AnnotationSuppressions annotations;
  private final Hiding hiding;

  private Judgement(RuleSelection rules, AnnotationSuppressions annotations, Hiding hiding) {
    this.rules = rules;
    this.annotations = annotations;
    this.hiding = hiding;
  }

  public static Judgement of(RuleSelection rules, AnnotationSuppressions annotations) {
    return new Judgement(rules, annotations, Hiding.NONE);
  }

  /** Every rule at its default severity; any annotation hides (the CLI's default). */
  public static Judgement defaults() {
    return of(RuleSelection.all(), AnnotationSuppressions.ALL);
  }

  /** This judgement with {@code levels} (rule id to severity; null: off) over its own. */
  public Judgement withLevels(Map<String, Severity> levels) {
    return new Judgement(rules.withLevels(levels), annotations, hiding);
  }

  public Judgement withRules(RuleSelection selection) {
    return new Judgement(selection, annotations, hiding);
  }

  public Judgement withAnnotationSuppressions(AnnotationSuppressions allowed) {
    return new Judgement(rules, allowed, hiding);
  }

  /** This judgement, also hiding what {@code more} hides. */
  public Judgement hiding(Hiding more) {
    Hiding before = hiding;
    return new Judgement(
        rules,
        annotations,
        before == Hiding.NONE ? more : (id, r) -> before.hides(id, r) || more.hides(id, r));
  }

  public RuleSelection rules() {
    return rules;
  }

  public AnnotationSuppressions annotationSuppressions() {
    return annotations;
  }

  /** The severity {@code rule}'s findings are reported at; null when the rule is off. */
  public Severity severity(RuleInfo rule) {
    return rules.isEnabled(rule.id()) ? rules.severity(rule) : null;
  }

  /** True when an author's annotation may hide {@code rule}'s findings, at their severity. */
  public boolean annotationMayHide(RuleInfo rule) {
    Severity s = severity(rule);
    return s != null && annotations.allows(s);
  }

  /**
   * The severity a finding of {@code rule} on {@code resource} (null: about a file, not an object)
   * is reported at; null when it is not reported: the rule is off, or an annotation the policy
   * allows, a configured suppression or a skip hides it.
   */
  public Severity judge(RuleInfo rule, Resource resource) {
    if (resource == null) {
      return severity(rule);
    }
    Severity s = judge(rule, resource.ref());
    return s != null && annotations.allows(s) && Suppressions.isSuppressed(resource, rule)
        ? null
        : s;
  }

  /**
   * A finding made earlier at its rule's default severity, under no annotation policy, judged now:
   * for a cache that keeps findings but not the objects they came from (the webhook's background
   * audit, whose configuration may have been reloaded since). {@code annotated}: the object's own
   * ignore annotation names the rule. Empty when not reported.
   */
  public Optional<Finding> judge(Finding made, boolean annotated) {
    String id = made.ruleId();
    if (!rules.isEnabled(id)) {
      return Optional.empty();
    }
    Severity s = rules.severity(id, made.severity());
    if ((annotated && annotations.allows(s))
        || (made.resource() != null && hiding.hides(id, made.resource()))) {
      return Optional.empty();
    }
    return Optional.of(s == made.severity() ? made : made.withSeverity(s));
  }

  /**
   * As {@link #judge(RuleInfo, Resource)} for an object known only by name (a document that is no
   * object, a file): its annotations are not read.
   */
  public Severity judge(RuleInfo rule, ResourceRef resource) {
    Severity s = severity(rule);
    return s == null || resource == null || !hiding.hides(rule.id(), resource) ? s : null;
  }
}
