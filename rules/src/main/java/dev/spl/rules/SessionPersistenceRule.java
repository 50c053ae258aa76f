package dev.spl.rules;

import dev.spl.schema.SessionPersistenceSite;

/** A rule that looks at one sessionPersistence object, already validated against its schema. */
public interface SessionPersistenceRule extends Rule {
  void check(SessionPersistenceSite site, Reporter reporter);

  /**
   * As {@link #check(SessionPersistenceSite, Reporter)}, knowing the context: the Gateway API CRDs
   * in sight, whose own rules decide where they are installed. The engine calls this one.
   */
  default void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
    check(site, reporter);
  }

  /**
   * True for the rules that judge an object whatever shape it is written in ({@link
   * SessionPersistenceSite#writtenFor}): the one that reports a foreign shape, and one about the
   * whole field; the others skip such objects, whose every field would otherwise cascade into
   * findings that one version setting fixes.
   */
  default boolean checksForeignShapes() {
    return false;
  }
}
