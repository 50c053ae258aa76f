package dev.spl.rules.contour;

import dev.spl.index.Inputs;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.regex.Pattern;

/**
 * SPL802: a route's RequestHash strategy none of whose hash policies Contour keeps, so it balances
 * RoundRobin. Contour drops an entry that hashes on not exactly one attribute or names an invalid
 * header, with only a warning in the HTTPProxy's status (internal/dag/policy.go,
 * loadBalancerRequestHashPolicies). An entry without its name never gets that far: the CRD requires
 * headerName and parameterName (examples/contour/01-crds.yaml, minLength 1), so the API server
 * refuses the HTTPProxy, and the message says that instead.
 */
@RuleDefinition(
    id = "SPL802",
    name = "contour-request-hash-ignored",
    severity = Severity.ERROR,
    summary =
        "A Contour route's RequestHash strategy has no hash policy Contour keeps: it balances"
            + " RoundRobin instead.",
    noPolicyBecause = NoPolicy.NOT_IN_CEL_YET,
    noPolicyDetail =
        "Contour's checks of each entry (one attribute, a header token, a parameter name) are"
            + " written in Java only")
public final class ContourRequestHashIgnored implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ContourBalancing.INPUTS;
  }

  /** {why} says what is wrong with the first entry, or that there is none. */
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Contour drops every requestHashPolicies entry ({why}) and balances RoundRobin");

  /**
   * {why}: an entry Contour's CRD refuses (headerName and parameterName are required, at least one
   * character): the API server rejects the HTTPProxy before Contour could fall back.
   */
  public static final MessageTemplate REFUSED =
      MessageTemplate.of("the API server refuses this HTTPProxy: {why} (Contour's CRD)");

  // RFC 7230's token: what Go's validation.IsHTTPHeaderName accepts
  private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+\\-.^_`|~0-9A-Za-z]+");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    for (ContourBalancing.Site site : ContourBalancing.sitesOf(resource)) {
      if (site.tcp() || !ContourBalancing.REQUEST_HASH.equals(site.strategy())) {
        continue; // SPL803 says what a tcpproxy does with RequestHash
      }
      Node listed = site.policy().get("requestHashPolicies");
      if (listed instanceof ListNode list && list.size() > 0) {
        String refused = firstRefused(list);
        if (refused != null) {
          reporter.report(
              info(),
              resource,
              site.path().key("requestHashPolicies"),
              REFUSED.format("why", refused));
          continue;
        }
        String first = firstIgnored(list);
        if (first != null) {
          reporter.report(
              info(),
              resource,
              site.path().key("requestHashPolicies"),
              MESSAGE.format("why", first));
        }
      } else if (listed == null || listed instanceof ListNode) {
        reporter.report(
            info(), resource, site.path().key("strategy"), MESSAGE.format("why", "none is listed"));
      }
    }
  }

  /**
   * Why the first entry is dropped, when every entry is; null when Contour keeps one. (A repeated
   * header, parameter or hashSourceIP is dropped too, but only after an entry that is kept.)
   */
  static String firstIgnored(ListNode list) {
    String first = null;
    for (int i = 0; i < list.size(); i++) {
      String why = problem(list.get(i));
      if (why == null) {
        return null;
      }
      if (first == null) {
        first = "entry " + i + " " + why;
      }
    }
    return first;
  }

  /**
   * What makes the CRD's schema refuse the first entry it refuses (a headerHashOptions or
   * queryParameterHashOptions without its required, non-empty name; a {@code name} written for
   * {@code headerName} is pruned first, then the name is missing); null when it accepts them all.
   */
  static String firstRefused(ListNode list) {
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof MapNode entry)) {
        continue;
      }
      MapNode header = entry.map("headerHashOptions");
      if (header != null && isEmpty(header.get("headerName"))) {
        return "entry "
            + i
            + " needs headerHashOptions.headerName"
            + (header.has("name") ? " (name is no field)" : "");
      }
      MapNode parameter = entry.map("queryParameterHashOptions");
      if (parameter != null && isEmpty(parameter.get("parameterName"))) {
        return "entry " + i + " needs queryParameterHashOptions.parameterName";
      }
    }
    return null;
  }

  private static boolean isEmpty(Node name) {
    return name == null || (name instanceof ScalarNode s && (s.isNull() || "".equals(s.value())));
  }

  /** What makes Contour drop {@code item} on its own; null when it is kept. */
  private static String problem(Node item) {
    if (!(item instanceof MapNode entry)) {
      return "is not a map";
    }
    boolean hashSourceIp = Boolean.TRUE.equals(value(entry.get("hashSourceIP")));
    MapNode header = entry.map("headerHashOptions");
    MapNode parameter = entry.map("queryParameterHashOptions");
    int set = (hashSourceIp ? 1 : 0) + (header != null ? 1 : 0) + (parameter != null ? 1 : 0);
    if (set != 1) {
      return "hashes on " + set + " attributes, not 1";
    }
    if (header != null) {
      String name = header.string("headerName");
      return name != null && HEADER_NAME.matcher(name).matches() ? null : "has no valid headerName";
    }
    if (parameter != null) {
      String name = parameter.string("parameterName");
      return name != null && !name.isEmpty() ? null : "has no parameterName";
    }
    return null;
  }

  private static Object value(Node node) {
    return node instanceof ScalarNode s ? s.value() : null;
  }
}
