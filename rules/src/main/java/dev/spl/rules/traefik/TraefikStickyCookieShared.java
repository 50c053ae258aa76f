package dev.spl.rules.traefik;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Kinds;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SPL503: two services of one IngressRoute on one host whose sticky cookies have the same name and
 * path. Traefik sets the cookie on each response with the server the service chose; a browser keeps
 * one cookie per name, domain and path, so each service's response overwrites the other's pin, and
 * the next request to the first service carries a server it does not have: it picks another. The
 * path defaults to {@code /} (traefik pkg/config/dynamic http_config.go, Cookie.Path; a name left
 * out is derived from each service, so only names written alike collide). Copies of one Kubernetes
 * Service (same name and port) share their servers and are left alone. A weighted TraefikService is
 * the same question one level down (its children, and its own cookie).
 */
@RuleDefinition(
    id = "SPL503",
    name = "traefik-sticky-cookie-shared",
    severity = Severity.WARNING,
    summary =
        "Two services of an IngressRoute on one host, or of a weighted TraefikService, with sticky"
            + " cookies of one name and path.",
    noPolicyBecause = NoPolicy.NOT_IN_CEL_YET,
    noPolicyDetail = "the hosts come from each route's match expression, parsed in Java")
public final class TraefikStickyCookieShared implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(Kinds.INGRESS_ROUTE, "routes").and(Kinds.TRAEFIK_SERVICE, "weighted");
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sticky cookie \"{cookie}\" on {host} is {other}'s too: each overwrites the other's"
              + " pin");

  // Host(`a.example`) and Host(`a`, `b`) (v2's several hosts); HostRegexp is not a plain host
  private static final Pattern HOST = Pattern.compile("\\bHost\\(([^)]*)\\)");
  private static final Pattern QUOTED = Pattern.compile("[`\"]([^`\"]+)[`\"]");

  private record Sticky(String backend, FieldPath field) {}

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (!(resource.group().equals("traefik.io") || resource.group().equals("traefik.containo.us"))
        || resource.spec() == null) {
      return;
    }
    if (resource.kind().equals(Kinds.TRAEFIK_SERVICE)) {
      checkWeighted(resource, reporter);
      return;
    }
    if (!resource.kind().equals(Kinds.INGRESS_ROUTE)) {
      return;
    }
    ListNode routes = resource.spec().list("routes");
    Map<String, List<Sticky>> byHostAndName = new LinkedHashMap<>();
    for (int i = 0; routes != null && i < routes.size(); i++) {
      if (!(routes.get(i) instanceof MapNode route)) {
        continue;
      }
      List<String> hosts = hosts(route.string("match"));
      ListNode services = route.list("services");
      for (int j = 0; services != null && j < services.size(); j++) {
        if (!(services.get(j) instanceof MapNode svc)) {
          continue;
        }
        MapNode sticky = svc.map("sticky");
        MapNode cookie = sticky == null ? null : sticky.map("cookie");
        if (cookie == null || cookie.string("name") == null || cookie.string("name").isEmpty()) {
          continue;
        }
        String path = cookie.string("path") == null ? "/" : cookie.string("path");
        String backend =
            svc.string("name")
                + (svc.get("namespace") == null ? "" : "." + svc.string("namespace"))
                + ":"
                + ScalarNode.text(svc.get("port"));
        FieldPath field =
            FieldPath.of("spec", "routes", i, "services", j, "sticky", "cookie", "name");
        for (String host : hosts) {
          String key = host + "\0" + cookie.string("name") + "\0" + path;
          List<Sticky> same = byHostAndName.computeIfAbsent(key, k -> new ArrayList<>());
          Sticky other =
              same.stream().filter(s -> !s.backend().equals(backend)).findFirst().orElse(null);
          same.add(new Sticky(backend, field));
          if (other != null) {
            reporter.report(
                info(),
                resource,
                field,
                MESSAGE.format(
                    "cookie",
                    cookie.string("name"),
                    "host",
                    host.equals("*") ? "any host" : host,
                    "other",
                    "service " + other.backend()),
                List.of(Reporter.at(resource, other.field())));
            break; // one finding per service
          }
        }
      }
    }
  }

  /**
   * A weighted TraefikService: its own sticky cookie pins a client to a child, each child's pins it
   * to a server. A child whose cookie has the weighted level's name and path overwrites it; two
   * children's cookies of one name and path overwrite each other when the weighted level does not
   * pin (each request may go to either child).
   */
  private void checkWeighted(Resource resource, Reporter reporter) {
    MapNode weighted = resource.spec().map("weighted");
    ListNode children = weighted == null ? null : weighted.list("services");
    if (children == null) {
      return;
    }
    MapNode own = weighted.map("sticky") == null ? null : weighted.map("sticky").map("cookie");
    String ownKey = own == null ? null : cookieKey(own);
    Map<String, Sticky> seen = new LinkedHashMap<>();
    for (int j = 0; j < children.size(); j++) {
      if (!(children.get(j) instanceof MapNode child)) {
        continue;
      }
      MapNode cookie = child.map("sticky") == null ? null : child.map("sticky").map("cookie");
      String key = cookie == null ? null : cookieKey(cookie);
      if (key == null) {
        continue;
      }
      FieldPath field = FieldPath.of("spec", "weighted", "services", j, "sticky", "cookie", "name");
      if (key.equals(ownKey)) {
        reporter.report(
            info(),
            resource,
            field,
            MESSAGE.format(
                "cookie",
                cookie.string("name"),
                "host",
                "every host",
                "other",
                "the weighted service"),
            List.of(
                Reporter.at(
                    resource, FieldPath.of("spec", "weighted", "sticky", "cookie", "name"))));
        continue;
      }
      Sticky other = seen.get(key);
      String backend = child.string("name") + ":" + ScalarNode.text(child.get("port"));
      if (own == null && other != null && !other.backend().equals(backend)) {
        reporter.report(
            info(),
            resource,
            field,
            MESSAGE.format(
                "cookie",
                cookie.string("name"),
                "host",
                "every host",
                "other",
                "service " + other.backend()),
            List.of(Reporter.at(resource, other.field())));
      } else {
        seen.putIfAbsent(key, new Sticky(backend, field));
      }
    }
  }

  /** A named cookie's name and path (default "/"); null for a cookie whose name is derived. */
  private static String cookieKey(MapNode cookie) {
    String name = cookie.string("name");
    if (name == null || name.isEmpty()) {
      return null;
    }
    return name + "\0" + (cookie.string("path") == null ? "/" : cookie.string("path"));
  }

  /** The hosts a route's match names; "*" when it names none (every host). */
  static List<String> hosts(String match) {
    List<String> out = new ArrayList<>();
    if (match != null) {
      Matcher m = HOST.matcher(match);
      while (m.find()) {
        Matcher q = QUOTED.matcher(m.group(1));
        while (q.find()) {
          out.add(q.group(1).toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
    return out.isEmpty() ? List.of("*") : out;
  }
}
