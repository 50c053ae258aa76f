package dev.spl.rules.cross;

import dev.spl.index.BackendRef;
import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.policy.PolicyCheck.Variable;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceLocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** SPL124: a route referencing a Backend in another namespace. */
@RuleDefinition(
    id = "SPL124",
    name = "backend-cross-namespace",
    severity = Severity.ERROR,
    summary = "A route references a Backend in another namespace.",
    why =
        "A Backend carries the session persistence of the endpoints it selects, and GEP-1619"
            + " expects it in the route's own namespace; a cross-namespace reference would need a"
            + " ReferenceGrant and lets one team's route pin sessions with another team's settings."
            + " Implementations reject it.",
    fix = "Create the Backend in the route's namespace, or reference a Service there.",
    reference = "GEP-1619 (main branch): Backend attachment; Gateway API ReferenceGrant")
public final class BackendCrossNamespace implements ResourceRule, ApiServerPolicy {

  @Override
  public void check(Resource route, RuleContext context, Reporter reporter) {
    if (!SessionPersistenceLocator.isRoute(route) || route.spec() == null) {
      return;
    }
    ListNode rules = route.spec().list("rules");
    if (rules == null) {
      return;
    }
    for (int i = 0; i < rules.size(); i++) {
      if (!(rules.get(i) instanceof MapNode node)) {
        continue;
      }
      for (BackendRef b : BackendRef.of(route, i, node)) {
        if (b.isBackendResource() && !b.target().namespace().equals(route.namespace())) {
          reporter.report(
              info(),
              route,
              b.path().key("namespace"),
              "Backend "
                  + b.target().name()
                  + " is in namespace "
                  + b.target().namespace()
                  + ", not the route's ("
                  + route.namespace()
                  + "); reference a Backend in "
                  + route.namespace());
        }
      }
    }
  }

  /**
   * The route alone decides it: per rule, the indices of backendRefs naming a Backend in another
   * namespace than the request's; the first one is reported.
   */
  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String ref = "variables.refs[i][k]";
    String elsewhere =
        "type("
            + ref
            + ") == map && ("
            + CelText.isString(ref + ".kind", "'Backend'")
            + " || "
            + CelText.isString(ref + ".kind", "'XBackend'")
            + ") && has("
            + ref
            + ".name) && type("
            + ref
            + ".name) == string && has("
            + ref
            + ".namespace) && type("
            + ref
            + ".namespace) == string && "
            + ref
            + ".namespace != request.namespace";
    List<Variable> variables = new ArrayList<>(CelText.ROUTE_RULES);
    variables.add(
        new Variable(
            "refs",
            "variables.rules.map(r, type(r) == map && has(r.backendRefs) && type(r.backendRefs) =="
                + " list ? r.backendRefs : [])"));
    variables.add(
        new Variable(
            "elsewhere",
            "variables.indices.map(i, "
                + CelText.upTo(CelText.MAX_BACKEND_REFS)
                + ".filter(k, k < size(variables.refs[i]) && "
                + elsewhere
                + "))"));
    variables.add(
        new Variable("offending", "variables.indices.filter(i, size(variables.elsewhere[i]) > 0)"));
    String i = "variables.offending[0]";
    String k = "variables.elsewhere[" + i + "][0]";
    String first = "variables.refs[" + i + "][" + k + "]";
    return Optional.of(
        PolicyCheck.onObjects(
            CelText.ROUTES,
            variables,
            "size(variables.offending) == 0",
            "'Backend ' + "
                + first
                + ".name + ' is in namespace ' + "
                + first
                + ".namespace + ', not the route\\'s (' + request.namespace + '); reference a"
                + " Backend in ' + request.namespace",
            "'spec.rules[' + string("
                + i
                + ") + '].backendRefs[' + string("
                + k
                + ") + '].namespace'"));
  }
}
