package dev.spl.rules.haproxy;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
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
import java.util.List;

/**
 * SPL902: a Service with both of the HAProxy Kubernetes Ingress Controller's cookie annotations,
 * {@code cookie-persistence} and {@code cookie-persistence-no-dynamic}. The controller refuses the
 * pair ("cookie: cannot use both ..."), logs the error and sets no cookie: nothing is pinned
 * (haproxytech/kubernetes-ingress fc12067, pkg/annotations/service/cookie.go, Cookie.Process).
 */
@RuleDefinition(
    id = "SPL902",
    name = "haproxy-cookie-persistence-both",
    severity = Severity.ERROR,
    summary = "A Service with both cookie-persistence and cookie-persistence-no-dynamic.",
    noPolicyBecause = NoPolicy.NOT_IN_CEL_YET,
    noPolicyDetail = "each annotation may carry any of three prefixes")
public final class HaproxyCookiePersistenceBoth implements ResourceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "the controller refuses cookie-persistence with cookie-persistence-no-dynamic: it sets no"
              + " cookie; keep one");

  @Override
  public Inputs inputs() {
    return Inputs.NONE.andAnnotations(
        KindRole.SERVICE, HaproxyAnnotations.PREFIXES.toArray(String[]::new));
  }

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() != KindRole.SERVICE) {
      return;
    }
    MapNode.Entry dynamic =
        HaproxyAnnotations.find(resource, HaproxyAnnotations.COOKIE_PERSISTENCE);
    MapNode.Entry plain =
        HaproxyAnnotations.find(resource, HaproxyAnnotations.COOKIE_PERSISTENCE_NO_DYNAMIC);
    if (names(dynamic) && names(plain)) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("metadata", "annotations", plain.key()),
          MESSAGE.format(),
          List.of(Reporter.at(resource, FieldPath.of("metadata", "annotations", dynamic.key()))));
    }
  }

  /** True when the annotation names a cookie: the controller reads its first word. */
  private static boolean names(MapNode.Entry e) {
    String value = e == null ? null : ScalarNode.text(e.value());
    return value != null && !value.isBlank();
  }
}
