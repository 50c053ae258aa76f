package dev.spl.schema;

import dev.spl.model.FieldPath;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.util.ArrayList;
import java.util.List;

/** Finds the sessionPersistence objects of a resource at every attachment point spl knows. */
public final class SessionPersistenceLocator {
  public static final String GATEWAY_GROUP = "gateway.networking.k8s.io";
  public static final String EXPERIMENTAL_GROUP = "gateway.networking.x-k8s.io";

  private SessionPersistenceLocator() {}

  /** True for the kinds that can carry session persistence. */
  public static boolean canCarryPersistence(Resource r) {
    return isRoute(r) || isPolicy(r) || isBackend(r);
  }

  public static boolean isRoute(Resource r) {
    return r.is(GATEWAY_GROUP, "HTTPRoute") || r.is(GATEWAY_GROUP, "GRPCRoute");
  }

  public static boolean isPolicy(Resource r) {
    return r.is(GATEWAY_GROUP, "BackendLBPolicy")
        || r.is(EXPERIMENTAL_GROUP, "XBackendTrafficPolicy");
  }

  public static boolean isBackend(Resource r) {
    return r.is(GATEWAY_GROUP, "Backend")
        || r.is(EXPERIMENTAL_GROUP, "Backend")
        || r.is(EXPERIMENTAL_GROUP, "XBackend");
  }

  /** Every sessionPersistence object in {@code r}, validated for {@code version}. */
  public static List<SessionPersistenceSite> find(Resource r, GatewayApiVersion version) {
    List<SessionPersistenceSite> sites = new ArrayList<>();
    MapNode spec = r.spec();
    if (spec == null) {
      return sites;
    }
    FieldPath specPath = FieldPath.of("spec");
    if (isRoute(r)) {
      ListNode rules = spec.list("rules");
      if (rules != null) {
        for (int i = 0; i < rules.size(); i++) {
          if (rules.get(i) instanceof MapNode rule) {
            add(
                sites,
                r,
                rule.get("sessionPersistence"),
                specPath.key("rules").index(i).key("sessionPersistence"),
                AttachmentPoint.ROUTE_RULE,
                version);
          }
        }
      }
    } else if (isPolicy(r)) {
      add(
          sites,
          r,
          spec.get("sessionPersistence"),
          specPath.key("sessionPersistence"),
          AttachmentPoint.POLICY,
          version);
    } else if (isBackend(r)) {
      MapNode selector = spec.map("endpointSelector");
      if (selector != null) {
        add(
            sites,
            r,
            selector.get("sessionPersistence"),
            specPath.key("endpointSelector").key("sessionPersistence"),
            AttachmentPoint.BACKEND,
            version);
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
