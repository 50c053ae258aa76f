package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.policy.PolicyCheck.Variable;
import dev.spl.rules.cross.SessionNameCollisionAcrossRules;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SPL102 at the API server, in part: collisions between the route's own inline rules (persistence
 * from policies on its backends needs the other objects). Variables give each rule its key and
 * cookie scope once; the pairs are compared by index.
 */
final class SessionNameCollisionAcrossRulesPolicy implements ApiServerPolicy {
  @Override
  public Class<SessionNameCollisionAcrossRules> rule() {
    return SessionNameCollisionAcrossRules.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    boolean before = version.usesSessionNameShape();
    String site = "variables.sites[i]";
    String names =
        before
            ? Cel.of(
                "variables.sites.map(sp, ${name})",
                "name",
                CelText.stringOr("sp.sessionName", "''"))
            : Cel.of(
                "variables.indices.map(i, variables.types[i] == 'Header' ? ${header} : ${cookie})",
                "header",
                nameIn(site + ".header"),
                "cookie",
                nameIn(site + ".cookie"));
    String paths =
        before
            ? Cel.of(
                """
                variables.rules.map(r, type(r) == map && has(r.matches) && type(r.matches) == list
                  && size(r.matches) == 1 && type(r.matches[0]) == map && has(r.matches[0].path)
                  && type(r.matches[0].path) == map ? (${scope}) : '/')
                """,
                "scope",
                pathScope("r.matches[0].path"))
            : Cel.of(
                """
                variables.indices.map(i,
                  has(${site}.cookie) && type(${site}.cookie) == map ? ${path} : '/')
                """,
                "site",
                site,
                "path",
                CelText.stringOr(site + ".cookie.path", "'/'"));
    List<Variable> variables = new ArrayList<>(CelText.ROUTE_RULES);
    variables.addAll(
        List.of(
            new Variable(
                "sites",
                Cel.of(
                    """
                    variables.rules.map(r, type(r) == map && has(r.sessionPersistence)
                      && type(r.sessionPersistence) == map ? r.sessionPersistence : {})
                    """)),
            new Variable(
                "types",
                Cel.of(
                    "variables.sites.map(sp, ${type})",
                    "type",
                    CelText.stringOr("sp.type", "'Cookie'"))),
            new Variable("names", names),
            new Variable(
                "keys",
                Cel.of(
                    """
                    variables.indices.map(i, variables.names[i] == '' ? ''
                      : variables.types[i] == 'Header'
                        ? 'Header:' + variables.names[i].lowerAscii()
                        : variables.types[i] + ':' + variables.names[i])
                    """)),
            new Variable("paths", paths),
            new Variable(
                "clashes",
                Cel.of(
                    """
                    variables.indices.filter(j, variables.keys[j] != ''
                      && variables.indices.exists(i, ${clash}))
                    """,
                    "clash",
                    clash("i", "j")))));
    String j = "variables.clashes[0]";
    String field =
        Cel.of(
            "'spec.rules[' + string(${j}) + '].sessionPersistence.' + ${name}",
            "j",
            j,
            "name",
            before
                ? "'sessionName'"
                : "(variables.types[" + j + "] == 'Header' ? 'header.name' : 'cookie.name')");
    String message =
        Cel.message(
            SessionNameCollisionAcrossRules.MESSAGE,
            "name",
            "variables.names[" + j + "]",
            "rule",
            Cel.of("string(variables.indices.filter(i, ${clash})[0])", "clash", clash("i", j)));
    return Optional.of(
        PolicyCheck.onObjects(
                CelText.ROUTES, variables, "size(variables.clashes) == 0", message, field)
            .onlyFor(CelText.ROUTES, "session names set by policies on the route's backends"));
  }

  /** Rule {@code i} uses rule {@code j}'s name earlier, on a path that can carry both. */
  private static String clash(String i, String j) {
    String a = "variables.paths[" + i + "]";
    String b = "variables.paths[" + j + "]";
    return Cel.of(
        """
        ${i} < ${j} && variables.keys[${i}] == variables.keys[${j}]
          && (variables.types[${j}] != 'Cookie' || ${ab} || ${ba})
        """,
        "i",
        i,
        "j",
        j,
        "ab",
        pathMatches(a, b),
        "ba",
        pathMatches(b, a));
  }

  /** The rule's CookiePaths.pathMatches: does a request for {@code request} carry the cookie. */
  private static String pathMatches(String request, String cookie) {
    return Cel.of(
        """
        (${request} == ${cookie} || (${request}.startsWith(${cookie})
          && (${cookie}.endsWith('/')
              || ${request}.substring(size(${cookie}), size(${cookie}) + 1) == '/')))
        """,
        "request",
        request,
        "cookie",
        cookie);
  }

  private static String nameIn(String select) {
    return Cel.of(
        "(has(${at}) && type(${at}) == map ? (${name}) : '')",
        "at",
        select,
        "name",
        CelText.stringOr(select + ".name", "''"));
  }

  /** The rule's cookie scope for a rule with one path match, before main. */
  private static String pathScope(String path) {
    return Cel.of(
        """
        has(${path}.type) && type(${path}.type) == string && ${path}.type == 'RegularExpression'
          ? '/'
          : has(${value}) && type(${value}) == string
            ? (size(${value}) > 1 && ${value}.endsWith('/')
                ? ${value}.substring(0, size(${value}) - 1) : ${value})
            : '/'
        """,
        "path",
        path,
        "value",
        path + ".value");
  }
}
