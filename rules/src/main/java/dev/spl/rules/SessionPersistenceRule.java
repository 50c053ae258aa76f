package dev.spl.rules;

import dev.spl.schema.SessionPersistenceSite;

/** A rule that looks at one sessionPersistence object, already validated against its schema. */
public interface SessionPersistenceRule extends Rule {
  void check(SessionPersistenceSite site, Reporter reporter);
}
