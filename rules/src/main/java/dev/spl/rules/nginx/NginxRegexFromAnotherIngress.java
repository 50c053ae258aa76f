package dev.spl.rules.nginx;

import dev.spl.index.IngressPath;
import dev.spl.index.Inputs;
import dev.spl.index.ResourceIndex;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.IndexRule;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/**
 * SPL210: an affinity cookie whose path becomes a regex because another Ingress of the host asks
 * for regex locations. ingress-nginx builds one server per host from every Ingress of its class,
 * and template.go's enforceRegexModifier makes all of that server's locations regexes when any of
 * them has use-regex or a rewrite-target; sticky.lua then sets the cookie's path to the location's
 * path as written. SPL201 judges the Ingress that asks for it; this rule judges its neighbours.
 */
@RuleDefinition(
    id = "SPL210",
    name = "nginx-regex-from-another-ingress",
    severity = Severity.WARNING,
    summary =
        "Another Ingress of the host turns this one's regex path into the affinity cookie's path.",
    noPolicyBecause = NoPolicy.OTHER_OBJECTS)
public final class NginxRegexFromAnotherIngress implements IndexRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Ingress {other}'s {annotation} turns {path} into a regex location and cookie path; set"
              + " session-cookie-path");

  @Override
  public Inputs inputs() {
    return NginxIngress.INPUTS;
  }

  @Override
  public void check(ResourceIndex index, RuleContext context, Reporter reporter) {
    RegexServers servers = RegexServers.of(index, context);
    for (Resource r : index.all(KindRole.INGRESS)) {
      NginxIngress ing = NginxIngress.of(r, context);
      if (ing == null
          || !ing.cookieAffinity()
          || ing.has("session-cookie-path")
          || RegexServers.regexAnnotation(ing) != null) {
        continue;
      }
      for (IngressPath p : IngressPath.all(r)) {
        RegexServers.Cause cause = servers.causeOf(r, p).orElse(null);
        if (cause != null
            && cause.ingress().resource() != r
            && NginxAffinityDisabled.isRegex(p.path())) {
          reporter.report(
              info(),
              r,
              pathField(p),
              MESSAGE.format(
                  "other",
                  cause.ingress().label(),
                  "annotation",
                  cause.annotation(),
                  "path",
                  p.path()),
              List.of(
                  Reporter.at(cause.ingress().resource(), cause.ingress().at(cause.annotation()))));
          break; // one path says it for the Ingress
        }
      }
    }
  }

  /** The path's own field: a path's backend is written at spec.rules[i].http.paths[j].backend. */
  private static FieldPath pathField(IngressPath p) {
    List<Object> at = p.field().segments();
    return p.isDefaultBackend() || at.size() < 6
        ? p.field()
        : FieldPath.of(at.subList(0, 6).toArray()).key("path");
  }
}
