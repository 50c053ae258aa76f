package dev.spl.rules.haproxy;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.List;

/**
 * SPL903: the HAProxy Kubernetes Ingress Controller's cookie annotation on an Ingress. Its backend
 * is shared by every Ingress that routes to the Service, so v3.2.11 deprecates the Ingress as its
 * place and the controller's main branch reads it from the Service and the ConfigMap only
 * (haproxytech/kubernetes-ingress 8b1bbaca, 2fa2ea6 of 2026-06-15, pkg/service/service.go): on its
 * next release nothing is pinned. The Service is where every release reads it.
 */
@RuleDefinition(
    id = "SPL903",
    name = "haproxy-cookie-persistence-on-ingress",
    severity = Severity.WARNING,
    summary =
        "haproxytech's cookie-persistence on an Ingress: deprecated, and ignored by the next"
            + " release.",
    noPolicyBecause = NoPolicy.NOT_IN_CEL_YET,
    noPolicyDetail = "each annotation may carry any of three prefixes")
public final class HaproxyCookiePersistenceOnIngress implements ResourceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "{annotation} on an Ingress is deprecated (v3.2.11) and ignored from 2fa2ea6 on: put it"
              + " on the backend Service");

  @Override
  public Inputs inputs() {
    return Inputs.NONE.andAnnotations(
        KindRole.INGRESS, HaproxyAnnotations.PREFIXES.toArray(String[]::new));
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() != KindRole.INGRESS) {
      return;
    }
    for (String name :
        List.of(
            HaproxyAnnotations.COOKIE_PERSISTENCE,
            HaproxyAnnotations.COOKIE_PERSISTENCE_NO_DYNAMIC)) {
      MapNode.Entry written = HaproxyAnnotations.find(resource, name);
      if (written != null) {
        reporter.report(
            info(),
            resource,
            FieldPath.of("metadata", "annotations", written.key()),
            MESSAGE.format("annotation", name));
      }
    }
  }
}
