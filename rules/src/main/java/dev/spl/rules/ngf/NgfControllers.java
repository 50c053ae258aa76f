package dev.spl.rules.ngf;

import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.index.RouteRule;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.List;

/**
 * NGINX Gateway Fabric's controller as its Deployment shows it: the flags it was started with. NGF
 * honours route sessionPersistence only when started with {@code --nginx-plus} and {@code
 * --gateway-api-experimental-features} (internal/controller/state/graph/httproute.go:
 * "SessionPersistence is only supported with NGINX Plus and when experimental features are enabled.
 * This configuration will be ignored."; flag names in cmd/gateway/commands.go; its Helm chart adds
 * them for {@code nginx.plus} and {@code nginxGateway.gwAPIExperimentalFeatures.enable}).
 */
final class NgfControllers {
  static final String PLUS = "--nginx-plus";
  static final String EXPERIMENTAL = "--gateway-api-experimental-features";
  private static final String CONTROLLER_NAME = "--gateway-ctlr-name";

  /** What the rules on NGF's controller read. */
  static final Inputs INPUTS =
      Inputs.of(KindRole.ROUTE, "rules.sessionPersistence", "parentRefs")
          .and(KindRole.GATEWAY, "gatewayClassName")
          .and(KindRole.GATEWAY_CLASS, "controllerName")
          .and(
              KindRole.WORKLOAD,
              "template.spec.containers.args",
              "template.spec.containers.command");

  /** A controller container: its workload, where its arguments are, and the flags it lacks. */
  record Controller(Resource workload, FieldPath args, List<String> missing) {}

  /** A route's cookie persistence NGF serves: the site and where its class is written. */
  record Served(SessionPersistenceSite site, ResourceIndex.ServingClass servedBy) {}

  private NgfControllers() {}

  /** The route rules' persistence that an NGF GatewayClass in the index serves. */
  static List<Served> persistenceServed(ResourceIndex index) {
    List<Served> out = new ArrayList<>();
    for (Resource route : index.routes()) {
      List<SessionPersistenceSite> sites =
          index.rules(route).stream()
              .map(RouteRule::inline)
              .filter(s -> s != null && s.celInput() != null)
              .toList();
      if (sites.isEmpty()) {
        continue;
      }
      index.servingClasses(route).stream()
          .filter(
              c ->
                  c.controllerName() != null
                      && c.controllerName().startsWith(NgfPersistenceDropped.CONTROLLER_DOMAIN))
          .findFirst()
          .ifPresent(c -> sites.forEach(s -> out.add(new Served(s, c))));
    }
    return out;
  }

  /** The containers in the index started as the NGF controller named {@code controllerName}. */
  static List<Controller> running(ResourceIndex index, String controllerName) {
    List<Controller> out = new ArrayList<>();
    for (Resource w : index.all(KindRole.WORKLOAD)) {
      if (!(w.nodeAt(FieldPath.of("spec", "template", "spec", "containers"))
          instanceof ListNode containers)) {
        continue;
      }
      for (int i = 0; i < containers.size(); i++) {
        if (!(containers.get(i) instanceof MapNode c)) {
          continue;
        }
        List<String> words = new ArrayList<>();
        words(c.get("command"), words);
        words(c.get("args"), words);
        if (controllerName.equals(flagValue(words, CONTROLLER_NAME))) {
          List<String> missing = new ArrayList<>();
          for (String flag : List.of(PLUS, EXPERIMENTAL)) {
            if (!isSet(words, flag)) {
              missing.add(flag);
            }
          }
          String list = c.get("args") != null ? "args" : "command";
          out.add(
              new Controller(
                  w, FieldPath.of("spec", "template", "spec", "containers", i, list), missing));
        }
      }
    }
    return out;
  }

  private static void words(Node list, List<String> out) {
    if (list instanceof ListNode l) {
      for (Node n : l.items()) {
        if (n instanceof ScalarNode s && s.value() != null) {
          out.add(String.valueOf(s.value()));
        }
      }
    }
  }

  /** The value of {@code --flag=value} or {@code --flag value}; null when absent. */
  static String flagValue(List<String> words, String flag) {
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith(flag + "=")) {
        return w.substring(flag.length() + 1);
      }
      if (w.equals(flag) && i + 1 < words.size()) {
        return words.get(i + 1);
      }
    }
    return null;
  }

  /** A boolean flag as pflag reads it: {@code --flag} or {@code --flag=true} (also 1, t, T). */
  static boolean isSet(List<String> words, String flag) {
    boolean set = false;
    for (String w : words) {
      if (w.equals(flag)) {
        set = true;
      } else if (w.startsWith(flag + "=")) {
        set =
            List.of("1", "t", "T", "true", "TRUE", "True").contains(w.substring(flag.length() + 1));
      }
    }
    return set; // the last occurrence wins, as in pflag
  }
}
