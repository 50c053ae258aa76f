package dev.spl.policy;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import java.util.List;
import java.util.Set;

/**
 * A rule's check as CEL for the API server: {@code passes} is true for an object (or session
 * persistence object) the rule has nothing to say about, {@code message} a string expression for
 * one it has; {@code field} the field it is about, as spl lint names it. Site checks are written
 * over {@value #SITE}, one sessionPersistence object, and applied at every attachment point given;
 * object checks over {@code object}, for the kinds given, where {@code field} is a CEL string
 * expression (a rule index can be part of it) and {@code variables} are the policy's variables, in
 * order, that the expressions read as {@code variables.<name>}.
 *
 * <p>Expressions are for Kubernetes 1.30's CEL: {@code has()} guards, absent fields read as their
 * defaults, no optional types, {@code cel.bind} or two-variable comprehensions.
 */
public record PolicyCheck(
    Set<AttachmentPoint> attachments,
    List<Kind> kinds,
    List<Variable> variables,
    String passes,
    String message,
    String field,
    String partly) {

  /** The placeholder site checks use for the sessionPersistence object. */
  public static final String SITE = "$sp";

  /** A kind an object check applies to, as the API server serves it. */
  public record Kind(String group, String version, String kind, String resource) {
    /** A catalogued kind, matched in every version the API server serves. */
    public static Kind anyVersionOf(KindCatalogue.Kind k) {
      return new Kind(k.group(), "*", k.kind(), k.plural());
    }

    /** A catalogued kind, matched in the version the catalogue names. */
    public static Kind servedAs(KindCatalogue.Kind k) {
      return new Kind(k.group(), k.version(), k.kind(), k.plural());
    }

    /** The catalogued kinds of {@code role}, in every version. */
    public static List<Kind> anyVersionOf(KindRole role) {
      return KindCatalogue.withRole(role).stream().map(Kind::anyVersionOf).toList();
    }
  }

  /** A ValidatingAdmissionPolicy variable: computed once per review, named for the expressions. */
  public record Variable(String name, String expression) {}

  /** A check over each sessionPersistence object at these attachment points. */
  public static PolicyCheck onSites(
      Set<AttachmentPoint> attachments, String passes, String message, String field) {
    return new PolicyCheck(attachments, List.of(), List.of(), passes, message, field, null);
  }

  /**
   * This check, for these kinds only, covering the rule only in part: {@code rest} says what the
   * webhook still has to judge (e.g. persistence added by policies on the route's backends).
   */
  public PolicyCheck onlyFor(List<Kind> these, String rest) {
    return new PolicyCheck(attachments, these, variables, passes, message, field, rest);
  }

  /** A check over the whole object, for these kinds, about one field named literally. */
  public static PolicyCheck onObjects(
      List<Kind> kinds, String passes, String message, String field) {
    return new PolicyCheck(Set.of(), kinds, List.of(), passes, message, "'" + field + "'", null);
  }

  /**
   * A check over the whole object, for these kinds, with variables, about the field {@code
   * fieldExpression} evaluates to.
   */
  public static PolicyCheck onObjects(
      List<Kind> kinds,
      List<Variable> variables,
      String passes,
      String message,
      String fieldExpression) {
    return new PolicyCheck(Set.of(), kinds, variables, passes, message, fieldExpression, null);
  }

  public boolean onSites() {
    return !attachments.isEmpty();
  }
}
