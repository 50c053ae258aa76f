package dev.spl.rules.schema;

import dev.spl.index.Inputs;
import dev.spl.model.AttachmentPoint;
import dev.spl.model.FieldPath;
import dev.spl.model.KindCatalogue;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;

/**
 * SPL033: a {@code sessionPersistence} key in a Gateway API object where no version's schema has
 * one: on a backendRef, on the route's spec, on an XBackend's spec. The API server prunes it (or,
 * under strict field validation, refuses the object), so the session is never pinned and nothing
 * else says so. Where the field belongs for the kind, in any version, is not this rule's: the
 * version's own rules (SPL026, SPL031) judge that.
 */
@RuleDefinition(
    id = "SPL033",
    name = "misplaced-session-persistence",
    severity = Severity.ERROR,
    summary =
        "sessionPersistence written where no Gateway API version has the field: the API server"
            + " drops it.",
    noPolicyBecause = NoPolicy.DROPPED_BEFORE_ADMISSION)
public final class MisplacedSessionPersistence implements ResourceRule {
  /** Every catalogued kind of Gateway API's groups, its whole spec walked. */
  private static final Inputs GATEWAY_API_KINDS =
      Inputs.union(
          KindCatalogue.all().stream()
              .filter(
                  k ->
                      k.group().equals(KindCatalogue.GATEWAY_GROUP)
                          || k.group().equals(KindCatalogue.EXPERIMENTAL_GROUP))
              .map(k -> Inputs.of(k, Inputs.WHOLE_SPEC))
              .toList());

  @Override
  public Inputs inputs() {
    return GATEWAY_API_KINDS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{kind} has no sessionPersistence here: the API server drops it; move it to {where}");

  private static final String FIELD = "sessionPersistence";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    String group = resource.group();
    // Only kinds spl catalogues: a kind it does not know (a later release's policy) may well
    // carry the field anywhere.
    if (resource.spec() == null
        || resource.catalogued() == null
        || !(group.equals(KindCatalogue.GATEWAY_GROUP)
            || group.equals(KindCatalogue.EXPERIMENTAL_GROUP))) {
      return;
    }
    String where = where(resource.attachment(), context.version());
    walk(resource, resource.spec(), FieldPath.of("spec"), where, reporter);
  }

  private void walk(Resource resource, Node node, FieldPath path, String where, Reporter reporter) {
    if (node instanceof MapNode map) {
      for (MapNode.Entry e : map.entries()) {
        FieldPath at = path.key(e.key());
        if (!e.key().equals(FIELD)) {
          walk(resource, e.value(), at, where, reporter);
        } else if (!isAttachment(resource.attachment(), at)) {
          reporter.report(
              info(), resource, at, MESSAGE.format("kind", resource.kind(), "where", where));
        }
      }
    } else if (node instanceof ListNode list) {
      List<Node> items = list.items();
      for (int i = 0; i < items.size(); i++) {
        walk(resource, items.get(i), path.index(i), where, reporter);
      }
    }
  }

  /** True when {@code at} is where the kind carries the field (in some version). */
  private static boolean isAttachment(AttachmentPoint attachment, FieldPath at) {
    if (attachment == null) {
      return false;
    }
    if (attachment.list() == null) {
      return at.equals(attachment.field());
    }
    List<Object> segments = at.segments();
    List<Object> list = attachment.list().segments();
    List<Object> field = attachment.field().segments();
    return segments.size() == list.size() + 1 + field.size()
        && segments.subList(0, list.size()).equals(list)
        && segments.get(list.size()) instanceof Integer
        && segments.subList(list.size() + 1, segments.size()).equals(field);
  }

  /** Where the kind carries the field in {@code version}; a route rule's when it carries none. */
  private static String where(AttachmentPoint attachment, GatewayApiVersion version) {
    if (attachment == null
        || (attachment == AttachmentPoint.BACKEND && !version.hasBackendAttachment())) {
      return "a route rule (spec.rules[].sessionPersistence)";
    }
    return attachment.list() == null
        ? attachment.field().toString()
        : attachment.list() + "[]." + attachment.field();
  }
}
