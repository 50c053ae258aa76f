package dev.spl.rules.haproxy;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL951: jcmoraisjr/haproxy-ingress affinity other than exactly {@code cookie}, its only one: the
 * controller logs an error and configures no affinity.
 */
@RuleDefinition(
    id = "SPL951",
    name = "haproxy-ingress-affinity-unknown",
    severity = Severity.ERROR,
    summary =
        "A haproxy-ingress affinity annotation is not exactly cookie, the only affinity it has, so"
            + " nothing is pinned.")
public final class HaproxyIngressAffinityUnknown implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.NONE.andAnnotations(KindRole.SERVICE, KEY).andAnnotations(KindRole.INGRESS, KEY);
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "haproxy-ingress takes only \"cookie\" here: it logs an error for any other value and"
              + " pins nothing");

  /**
   * The annotation under the prefix only haproxy-ingress reads; its second default prefix,
   * ingress.kubernetes.io/, is shared with other controllers, so spl leaves it alone.
   */
  public static final String KEY = "haproxy-ingress.github.io/affinity";

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    // backend keys are read from an Ingress's annotations and its Services' (ingress.go)
    if (resource.role() != KindRole.INGRESS && resource.role() != KindRole.SERVICE) {
      return;
    }
    MapNode annotations = resource.annotations();
    if (annotations != null
        && annotations.get(KEY) instanceof ScalarNode value
        && value.value() instanceof String affinity
        && !affinity.isEmpty() // no affinity asked for
        && !affinity.equals("cookie")) {
      reporter.report(
          info(), resource, FieldPath.of("metadata", "annotations", KEY), MESSAGE.format());
    }
  }
}
