package dev.spl.rules.service;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.KindRole;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/**
 * SPL154: a Service's sessionAffinityConfig without ClientIP affinity. The API server's defaulting
 * (kubernetes pkg/apis/core/v1/defaults.go, SetDefaults_Service) sets an empty sessionAffinity to
 * None and then clears the config of a None Service, before validation: the object is accepted and
 * the timeout pins nothing. Often a chart writes the config whatever affinity its values choose; an
 * info, since the author may have meant ClientIP.
 */
@RuleDefinition(
    id = "SPL154",
    name = "client-ip-config-ignored",
    severity = Severity.INFO,
    summary =
        "A Service's sessionAffinityConfig without ClientIP affinity, which the API server drops.",
    noPolicyBecause = NoPolicy.DROPPED_BEFORE_ADMISSION,
    lintOnly = true)
public final class ClientIpConfigIgnored implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ServiceAffinity.INPUTS.and(KindRole.SERVICE, "sessionAffinityConfig");
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "sessionAffinityConfig does nothing: sessionAffinity is {declared} and the API server"
              + " drops it; set ClientIP to pin clients");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    ServiceAffinity affinity = ServiceAffinity.of(resource);
    if (affinity == null || affinity.isClientIp()) {
      return;
    }
    String declared = affinity.spec().string("sessionAffinity");
    if (affinity.spec().map("sessionAffinityConfig") != null
        && (declared == null || declared.equals("None"))) {
      reporter.report(
          info(),
          resource,
          FieldPath.of("spec", "sessionAffinityConfig"),
          MESSAGE.format("declared", declared == null ? "unset (None)" : "None"));
    }
  }
}
