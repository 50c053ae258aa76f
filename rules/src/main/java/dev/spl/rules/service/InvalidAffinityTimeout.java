package dev.spl.rules.service;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
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

/**
 * SPL028: a ClientIP Service's timeoutSeconds outside 1..86400, which the API server refuses. A
 * config without ClientIP is not refused (defaulting clears it first): SPL154 says it does nothing.
 */
@RuleDefinition(
    id = "SPL028",
    name = "invalid-affinity-timeout",
    severity = Severity.ERROR,
    summary = "Service sessionAffinityConfig.clientIP.timeoutSeconds is outside 1..86400.",
    noPolicyBecause = NoPolicy.BUILT_IN_VALIDATION)
public final class InvalidAffinityTimeout implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ServiceAffinity.INPUTS.and(KindRole.SERVICE, "sessionAffinityConfig");
  }

  public static final MessageTemplate NOT_A_NUMBER =
      MessageTemplate.of(
          "timeoutSeconds must be a whole number of seconds from 1 to 86400, not {type}");
  public static final MessageTemplate OUT_OF_RANGE =
      MessageTemplate.of(
          "timeoutSeconds {seconds} is outside 1..86400; use at most 86400 (one day)");

  private static final long MAX_SECONDS = 86_400;
  private static final FieldPath TIMEOUT =
      FieldPath.of("spec", "sessionAffinityConfig", "clientIP", "timeoutSeconds");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    ServiceAffinity affinity = ServiceAffinity.of(resource);
    if (affinity == null) {
      return;
    }
    if (!affinity.isClientIp()) {
      return; // the API server's defaulting drops the config before validation: SPL154's
    }
    Node timeout = resource.nodeAt(TIMEOUT);
    if (timeout == null || (timeout instanceof ScalarNode s && s.isNull())) {
      return; // defaulted to 10800
    }
    if (!(timeout instanceof ScalarNode s) || !(s.value() instanceof Long seconds)) {
      reporter.report(info(), resource, TIMEOUT, NOT_A_NUMBER.format("type", timeout.typeName()));
    } else if (seconds < 1 || seconds > MAX_SECONDS) {
      reporter.report(info(), resource, TIMEOUT, OUT_OF_RANGE.format("seconds", seconds));
    }
  }
}
