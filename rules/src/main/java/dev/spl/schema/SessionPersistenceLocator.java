package dev.spl.schema;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the sessionPersistence objects of a resource where its kind carries them ({@link
 * Resource#attachment()}, from the kind catalogue).
 */
public final class SessionPersistenceLocator {
  private SessionPersistenceLocator() {}

  /** Every sessionPersistence object in {@code r}, validated for {@code version}. */
  public static List<SessionPersistenceSite> find(Resource r, GatewayApiVersion version) {
    return find(r, version, null);
  }

  /**
   * Every sessionPersistence object in {@code r}, validated against the schema of its kind's CRD in
   * {@code crds} when that CRD has {@code version}'s shape, else against {@code version}'s table.
   */
  public static List<SessionPersistenceSite> find(
      Resource r, GatewayApiVersion version, CrdsInSight crds) {
    SessionPersistenceSchema.Field schema =
        crds == null ? null : crds.of(r.kind()).flatMap(crd -> crd.schemaFor(version)).orElse(null);
    List<SessionPersistenceSite> sites = new ArrayList<>();
    AttachmentPoint attachment = r.attachment();
    if (attachment == null || r.spec() == null) {
      return sites;
    }
    if (attachment.list() == null) {
      add(sites, r, r.nodeAt(attachment.field()), attachment.field(), attachment, version, schema);
    } else if (r.nodeAt(attachment.list()) instanceof ListNode items) {
      for (int i = 0; i < items.size(); i++) {
        if (items.get(i) instanceof MapNode) {
          FieldPath path = attachment.list().index(i).then(attachment.field());
          add(sites, r, r.nodeAt(path), path, attachment, version, schema);
        }
      }
    }
    return sites;
  }

  private static void add(
      List<SessionPersistenceSite> sites,
      Resource r,
      Node node,
      FieldPath path,
      AttachmentPoint attachment,
      GatewayApiVersion version,
      SessionPersistenceSchema.Field schema) {
    if (node == null || (node instanceof ScalarNode s && s.isNull())) {
      return;
    }
    if (attachment == AttachmentPoint.BACKEND && !version.hasBackendAttachment()) {
      // The field does not exist before main: the API server prunes the whole object.
      List<SchemaViolation> pruned =
          List.of(
              new SchemaViolation(SchemaViolation.Kind.UNKNOWN_FIELD, "", path, node, "backend"));
      sites.add(new SessionPersistenceSite(r, path, node, attachment, version, pruned, null));
      return;
    }
    SessionPersistenceSchema.Validation v =
        schema == null
            ? SessionPersistenceSchema.validate(node, path, version)
            : SessionPersistenceSchema.validate(node, path, schema, version);
    sites.add(
        new SessionPersistenceSite(
            r, path, node, attachment, version, v.violations(), v.celInput()));
  }
}
