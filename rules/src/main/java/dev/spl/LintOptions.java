package dev.spl;

import dev.spl.catalogue.RuleSelection;
import dev.spl.index.IngressClasses;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.schema.GatewayApiVersion;

/**
 * How to lint: the target Gateway API version, which rules run at what severity, which findings an
 * object's own suppression annotations may silence, and the IngressClasses that say which
 * controller serves each Ingress class.
 */
public record LintOptions(
    GatewayApiVersion version,
    RuleSelection rules,
    AnnotationSuppressions annotationSuppressions,
    IngressClasses ingressClasses) {

  public LintOptions(GatewayApiVersion version, RuleSelection rules) {
    this(version, rules, AnnotationSuppressions.ALL, IngressClasses.NONE);
  }

  public static LintOptions defaults() {
    return new LintOptions(GatewayApiVersion.MAIN, RuleSelection.all());
  }

  public LintOptions withVersion(GatewayApiVersion v) {
    return new LintOptions(v, rules, annotationSuppressions, ingressClasses);
  }

  public LintOptions withRules(RuleSelection selection) {
    return new LintOptions(version, selection, annotationSuppressions, ingressClasses);
  }

  public LintOptions withAnnotationSuppressions(AnnotationSuppressions allowed) {
    return new LintOptions(version, rules, allowed, ingressClasses);
  }

  public LintOptions withIngressClasses(IngressClasses classes) {
    return new LintOptions(version, rules, annotationSuppressions, classes);
  }
}
