package dev.spl.rules;

import dev.spl.index.Inputs;
import dev.spl.model.AttachmentPoint;
import dev.spl.model.KindCatalogue;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A rule that looks at one sessionPersistence object, already validated against its schema. */
public interface SessionPersistenceRule extends Rule {
  /**
   * Every kind that carries session persistence: the engine finds the sessionPersistence objects in
   * them and gives the rule each one.
   */
  Inputs PERSISTENCE_SITES =
      Inputs.union(
          KindCatalogue.all().stream()
              .filter(k -> k.attachment() != null)
              .map(k -> Inputs.of(k, specPath(k.attachment())))
              .toList());

  /**
   * Where {@code at} writes the field, below {@code spec}, dotted ({@code
   * rules.sessionPersistence}).
   */
  private static String specPath(AttachmentPoint at) {
    List<Object> all = new ArrayList<>();
    if (at.list() != null) {
      all.addAll(at.list().segments());
    }
    all.addAll(at.field().segments());
    return all.stream().skip(1).map(String::valueOf).collect(Collectors.joining("."));
  }

  @Override
  default Inputs inputs() {
    return PERSISTENCE_SITES;
  }

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

  /**
   * True for the rule that says the whole field is dropped where the Gateway API CRD in sight has
   * no {@code sessionPersistence} (the standard channel): the API server prunes the field before
   * its CEL rules or any controller see it, so no other rule judges what is written there.
   */
  default boolean checksPrunedFields() {
    return false;
  }
}
