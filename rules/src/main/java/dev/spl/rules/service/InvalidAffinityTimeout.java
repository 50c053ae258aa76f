package dev.spl.rules.service;

import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL028: a Service's clientIP timeoutSeconds outside 1..86400, or set without ClientIP. */
@RuleDefinition(
    id = "SPL028",
    name = "invalid-affinity-timeout",
    severity = Severity.ERROR,
    summary = "Service sessionAffinityConfig.clientIP.timeoutSeconds is outside 1..86400.",
    noPolicyBecause = NoPolicy.BUILT_IN_VALIDATION)
public final class InvalidAffinityTimeout implements ResourceRule {
  private static final long MAX_SECONDS = 86_400;
  private static final FieldPath CONFIG = FieldPath.of("spec", "sessionAffinityConfig");
  private static final FieldPath TIMEOUT = CONFIG.key("clientIP").key("timeoutSeconds");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    ServiceAffinity affinity = ServiceAffinity.of(resource);
    if (affinity == null) {
      return;
    }
    MapNode config = affinity.spec().map("sessionAffinityConfig");
    if (!affinity.isClientIp()) {
      String declared = affinity.spec().string("sessionAffinity");
      if (config != null && (declared == null || declared.equals("None"))) {
        reporter.report(
            info(),
            resource,
            CONFIG,
            "sessionAffinityConfig must not be set when sessionAffinity is None; set ClientIP or remove it");
      }
      return;
    }
    Node timeout = resource.nodeAt(TIMEOUT);
    if (timeout == null || (timeout instanceof ScalarNode s && s.isNull())) {
      return; // defaulted to 10800
    }
    if (!(timeout instanceof ScalarNode s) || !(s.value() instanceof Long seconds)) {
      reporter.report(
          info(),
          resource,
          TIMEOUT,
          "timeoutSeconds must be a whole number of seconds from 1 to 86400, not "
              + timeout.typeName());
    } else if (seconds < 1 || seconds > MAX_SECONDS) {
      reporter.report(
          info(),
          resource,
          TIMEOUT,
          "timeoutSeconds " + seconds + " is outside 1..86400; use at most 86400 (one day)");
    }
  }
}
