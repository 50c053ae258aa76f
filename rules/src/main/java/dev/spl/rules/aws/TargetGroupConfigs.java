package dev.spl.rules.aws;

import dev.spl.index.TargetRef;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The AWS Load Balancer Controller's TargetGroupConfigurations (gateway.k8s.aws), which set a
 * Gateway's target groups: each props block (the default one and each route's, combined with the
 * default: a route's field wins, attributes merge by key) as the controller resolves it (225f445
 * docs/guide/gateway/targetgroupconfig.md, apis/gateway/v1/targetgroupconfig_types.go).
 */
final class TargetGroupConfigs {
  static final String GROUP = "gateway.k8s.aws";
  static final String KIND = Kinds.TARGET_GROUP_CONFIGURATION;

  /**
   * One resolved props block.
   *
   * @param targetType its targetType, or null when neither it nor the default sets one
   * @param targetTypeAt where that targetType is written, or null
   * @param attributes the target group attributes by key, with where each is written
   */
  record Props(String targetType, FieldPath targetTypeAt, Map<String, Attribute> attributes) {}

  record Attribute(String value, FieldPath at) {}

  private TargetGroupConfigs() {}

  static boolean is(Resource r) {
    return r.is(GROUP, KIND) && r.spec() != null;
  }

  /**
   * True for a configuration with no targetReference: a Gateway's or GatewayClass's default, named
   * from a LoadBalancerConfiguration.
   */
  static boolean isDefault(Resource tgc) {
    return TargetRef.of(tgc).isEmpty();
  }

  /** The default props, then each route's combined with them. */
  static List<Props> props(Resource tgc) {
    FieldPath defaultAt = FieldPath.of("spec", "defaultConfiguration");
    Props base = read(tgc.spec().map("defaultConfiguration"), defaultAt, null);
    List<Props> out = new ArrayList<>();
    out.add(base);
    ListNode routes = tgc.spec().list("routeConfigurations");
    for (int i = 0; routes != null && i < routes.size(); i++) {
      if (routes.get(i) instanceof MapNode route) {
        FieldPath at = FieldPath.of("spec", "routeConfigurations", i, "targetGroupProps");
        out.add(read(route.map("targetGroupProps"), at, base));
      }
    }
    return out;
  }

  private static Props read(MapNode props, FieldPath at, Props base) {
    String targetType = base == null ? null : base.targetType();
    FieldPath targetTypeAt = base == null ? null : base.targetTypeAt();
    Map<String, Attribute> attributes =
        base == null ? new LinkedHashMap<>() : new LinkedHashMap<>(base.attributes());
    if (props != null) {
      if (props.string("targetType") != null) {
        targetType = props.string("targetType");
        targetTypeAt = at.key("targetType");
      }
      ListNode list = props.list("targetGroupAttributes");
      for (int i = 0; list != null && i < list.size(); i++) {
        if (list.get(i) instanceof MapNode a && a.string("key") != null) {
          String value = a.string("value") == null ? "" : a.string("value");
          attributes.put(
              a.string("key").trim(),
              new Attribute(value.trim(), at.key("targetGroupAttributes").index(i)));
        }
      }
    }
    return new Props(targetType, targetTypeAt, attributes);
  }
}
