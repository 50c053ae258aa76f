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
    List<SessionPersistenceSite> sites = new ArrayList<>();
    AttachmentPoint attachment = r.attachment();
    if (attachment == null || r.spec() == null) {
      return sites;
    }
    if (attachment.list() == null) {
      add(sites, r, r.nodeAt(attachment.field()), attachment.field(), attachment, version);
    } else if (r.nodeAt(attachment.list()) instanceof ListNode items) {
      for (int i = 0; i < items.size(); i++) {
        if (items.get(i) instanceof MapNode) {
          FieldPath path = attachment.list().index(i).then(attachment.field());
          add(sites, r, r.nodeAt(path), path, attachment, version);
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
      GatewayApiVersion version) {
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
    SessionPersistenceSchema.Validation v = SessionPersistenceSchema.validate(node, path, version);
    sites.add(
        new SessionPersistenceSite(
            r, path, node, attachment, version, v.violations(), v.celInput()));
  }
}
