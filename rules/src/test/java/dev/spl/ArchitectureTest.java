package dev.spl;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine stays a library: model depends on nothing of spl, and nothing prints or exits. */
class ArchitectureTest {
  private static final JavaClasses ENGINE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.spl");

  @Test
  void modelDependsOnNoOtherSplPackage() {
    noClasses()
        .that()
        .resideInAPackage("dev.spl.model..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.spl.load..", "dev.spl.schema..", "dev.spl.rules..")
        .check(ENGINE);
  }

  @Test
  void loadDependsOnlyOnModel() {
    noClasses()
        .that()
        .resideInAPackage("dev.spl.load..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.spl.schema..", "dev.spl.rules..")
        .check(ENGINE);
  }

  /**
   * The layers, bottom up: model, load, schema, index, rules, config, policy. The cross-resource
   * index is below the rules that use it.
   */
  @Test
  void indexDependsOnNoLayerAboveIt() {
    noClasses()
        .that()
        .resideInAPackage("dev.spl.index..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.spl.rules..", "dev.spl.config..", "dev.spl.policy..")
        .check(ENGINE);
  }

  @Test
  void schemaDependsOnNoLayerAboveIt() {
    noClasses()
        .that()
        .resideInAPackage("dev.spl.schema..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.spl.index..", "dev.spl.rules..", "dev.spl.config..", "dev.spl.policy..")
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
