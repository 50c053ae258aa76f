package dev.spl;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The engine's layers, bottom up, each using only those below it: model; load; schema; index; the
 * rule API ({@code dev.spl.rules}: Rule, Reporter, RuleDefinition); the rules, one package per
 * family; the catalogue that lists them; the engine ({@code dev.spl}); configuration; the policy
 * vocabulary; the API server's room (the policy generator and each rule's policy); migration beside
 * it. No package cycle anywhere. The engine stays a library: nothing prints, exits or speaks HTTP.
 */
class ArchitectureTest {
  static final JavaClasses ENGINE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.spl");

  static LayeredArchitecture layers() {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("model")
        .definedBy("dev.spl.model..")
        .layer("load")
        .definedBy("dev.spl.load..")
        .layer("schema")
        .definedBy("dev.spl.schema..")
        .layer("index")
        .definedBy("dev.spl.index..")
        .layer("rule API")
        .definedBy("dev.spl.rules")
        .layer("rules")
        .definedBy("dev.spl.rules.*..")
        .layer("catalogue")
        .definedBy("dev.spl.catalogue..")
        .layer("engine")
        .definedBy("dev.spl")
        .layer("config")
        .definedBy("dev.spl.config..")
        .layer("policy vocabulary")
        .definedBy("dev.spl.policy..")
        .layer("API server")
        .definedBy("dev.spl.apiserver..")
        .layer("migrate")
        .definedBy("dev.spl.migrate..")
        .whereLayer("model")
        .mayNotAccessAnyLayer()
        .whereLayer("load")
        .mayOnlyAccessLayers("model")
        .whereLayer("schema")
        .mayOnlyAccessLayers("model", "load")
        .whereLayer("index")
        .mayOnlyAccessLayers("model", "load", "schema")
        .whereLayer("rule API")
        .mayOnlyAccessLayers("model", "load", "schema", "index")
        .whereLayer("rules")
        .mayOnlyAccessLayers("model", "load", "schema", "index", "rule API")
        .whereLayer("catalogue")
        .mayOnlyAccessLayers("model", "load", "schema", "index", "rule API", "rules")
        .whereLayer("engine")
        .mayOnlyAccessLayers("model", "load", "schema", "index", "rule API", "rules", "catalogue")
        .whereLayer("config")
        .mayOnlyAccessLayers(
            "model", "load", "schema", "index", "rule API", "rules", "catalogue", "engine")
        .whereLayer("policy vocabulary")
        .mayOnlyAccessLayers("model", "schema", "rule API")
        .whereLayer("API server")
        .mayOnlyAccessLayers(
            "model",
            "load",
            "schema",
            "index",
            "rule API",
            "rules",
            "catalogue",
            "engine",
            "config",
            "policy vocabulary")
        .whereLayer("migrate")
        .mayOnlyAccessLayers(
            "model", "load", "schema", "index", "rule API", "rules", "catalogue", "engine");
  }

  @Test
  void eachLayerUsesOnlyTheLayersBelowIt() {
    layers().check(ENGINE);
  }

  /** What jdeps would show: no two packages of dev.spl depend on each other, directly or not. */
  @Test
  void noPackageCycle() {
    slices().matching("dev.spl.(**)").should().beFreeOfCycles().check(ENGINE);
  }

  /** The rules know nothing of policies: the API server's room is above them. */
  @Test
  void noRuleKnowsThePolicies() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.spl.rules..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.spl.policy..", "dev.spl.apiserver..")
        .check(ENGINE);
  }

  @Test
  void noTerminalNoExitNoHttp() {
    noClasses()
        .should()
        .accessField(System.class, "out")
        .orShould()
        .accessField(System.class, "err")
        .orShould()
        .callMethod(System.class, "exit", int.class)
        .orShould()
        .dependOnClassesThat()
        .resideInAPackage("java.net.http..")
        .check(ENGINE);
  }
}
