package dev.spl;

import dev.spl.catalogue.RuleSelection;
import dev.spl.index.ControllerVersions;
import dev.spl.index.IngressClasses;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.schema.GatewayApiVersion;

/**
 * How to lint: the target Gateway API version, how findings are judged ({@link Judgement}: which
 * rules report at what severity, what annotations and the configuration hide), per file where
 * configurations differ by directory, and the IngressClasses that say which controller serves each
 * Ingress class, and the controllers' versions where the input says them.
 */
public record LintOptions(
    GatewayApiVersion version,
    Judgement judgement,
    IngressClasses ingressClasses,
    PerFile perFile,
    ControllerVersions controllerVersions) {

  /**
   * The judgement for findings placed in a file, and the controllers its objects run on, from the
   * ones these options carry (a .spl.yaml per directory may say either).
   */
  @FunctionalInterface
  public interface PerFile {
    PerFile SAME = (file, base) -> base;

    Judgement judgementFor(String file, Judgement base);

    /**
     * The controllers' versions for the objects of {@code file}; {@code base} when it says none.
     */
    default ControllerVersions controllersFor(String file, ControllerVersions base) {
      return base;
    }
  }

  public LintOptions(GatewayApiVersion version, RuleSelection rules) {
    this(
        version,
        Judgement.of(rules, AnnotationSuppressions.ALL),
        IngressClasses.NONE,
        PerFile.SAME,
        ControllerVersions.NONE);
  }

  public LintOptions(
      GatewayApiVersion version,
      RuleSelection rules,
      AnnotationSuppressions annotationSuppressions,
      IngressClasses ingressClasses) {
    this(
        version,
        Judgement.of(rules, annotationSuppressions),
        ingressClasses,
        PerFile.SAME,
        ControllerVersions.NONE);
  }

  public static LintOptions defaults() {
    return new LintOptions(GatewayApiVersion.MAIN, RuleSelection.all());
  }

  /** The judgement for a finding placed in {@code file} (null: none). */
  public Judgement judgementFor(String file) {
    return file == null ? judgement : perFile.judgementFor(file, judgement);
  }

  /** The controllers' versions for the objects of {@code file} (null: the run's). */
  public ControllerVersions controllersFor(String file) {
    return file == null ? controllerVersions : perFile.controllersFor(file, controllerVersions);
  }

  public LintOptions withVersion(GatewayApiVersion v) {
    return new LintOptions(v, judgement, ingressClasses, perFile, controllerVersions);
  }

  public LintOptions withJudgement(Judgement j) {
    return new LintOptions(version, j, ingressClasses, perFile, controllerVersions);
  }

  public LintOptions withRules(RuleSelection selection) {
    return withJudgement(judgement.withRules(selection));
  }

  public LintOptions withAnnotationSuppressions(AnnotationSuppressions allowed) {
    return withJudgement(judgement.withAnnotationSuppressions(allowed));
  }

  public LintOptions withIngressClasses(IngressClasses classes) {
    return new LintOptions(version, judgement, classes, perFile, controllerVersions);
  }

  public LintOptions withControllerVersions(ControllerVersions versions) {
    return new LintOptions(version, judgement, ingressClasses, perFile, versions);
  }

  /** These options, each file's findings judged as {@code perFile} says (a .spl.yaml each). */
  public LintOptions withPerFile(PerFile perFile) {
    return new LintOptions(version, judgement, ingressClasses, perFile, controllerVersions);
  }
}
