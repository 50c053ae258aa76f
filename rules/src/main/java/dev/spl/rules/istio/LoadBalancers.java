package dev.spl.rules.istio;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code loadBalancer} settings of an Istio DestinationRule: the traffic policy's, each port's,
 * and each subset's (and its ports'), with their paths.
 */
final class LoadBalancers {
  /** What this class reads of a DestinationRule. */
  static final Inputs INPUTS = Inputs.of(Kinds.DESTINATION_RULE, "trafficPolicy", "subsets");

  record At(MapNode loadBalancer, FieldPath path) {}

  /** One entry of a portLevelSettings list (the traffic policy's or a subset's), with its path. */
  record PortSettings(MapNode settings, FieldPath path) {}

  private LoadBalancers() {}

  static boolean isDestinationRule(Resource r) {
    return r.is("networking.istio.io", Kinds.DESTINATION_RULE);
  }

  static List<At> of(Resource r) {
    List<At> out = new ArrayList<>();
    MapNode spec = r.spec();
    if (spec == null) {
      return out;
    }
    addPolicy(spec.map("trafficPolicy"), FieldPath.of("spec", "trafficPolicy"), out);
    ListNode subsets = spec.list("subsets");
    for (int i = 0; subsets != null && i < subsets.size(); i++) {
      if (subsets.get(i) instanceof MapNode subset) {
        addPolicy(
            subset.map("trafficPolicy"), FieldPath.of("spec", "subsets", i, "trafficPolicy"), out);
      }
    }
    return out;
  }

  /** Every portLevelSettings entry of the DestinationRule, its subsets' included. */
  static List<PortSettings> portSettings(Resource r) {
    List<PortSettings> out = new ArrayList<>();
    MapNode spec = r.spec();
    if (spec == null) {
      return out;
    }
    addPorts(spec.map("trafficPolicy"), FieldPath.of("spec", "trafficPolicy"), out);
    ListNode subsets = spec.list("subsets");
    for (int i = 0; subsets != null && i < subsets.size(); i++) {
      if (subsets.get(i) instanceof MapNode subset) {
        addPorts(
            subset.map("trafficPolicy"), FieldPath.of("spec", "subsets", i, "trafficPolicy"), out);
      }
    }
    return out;
  }

  private static void addPorts(MapNode policy, FieldPath at, List<PortSettings> out) {
    ListNode ports = policy == null ? null : policy.list("portLevelSettings");
    for (int i = 0; ports != null && i < ports.size(); i++) {
      if (ports.get(i) instanceof MapNode port) {
        out.add(new PortSettings(port, at.key("portLevelSettings").index(i)));
      }
    }
  }

  private static void addPolicy(MapNode policy, FieldPath at, List<At> out) {
    if (policy == null) {
      return;
    }
    if (policy.map("loadBalancer") != null) {
      out.add(new At(policy.map("loadBalancer"), at.key("loadBalancer")));
    }
    ListNode ports = policy.list("portLevelSettings");
    for (int i = 0; ports != null && i < ports.size(); i++) {
      if (ports.get(i) instanceof MapNode port && port.map("loadBalancer") != null) {
        out.add(
            new At(
                port.map("loadBalancer"),
                at.key("portLevelSettings").index(i).key("loadBalancer")));
      }
    }
  }
}
