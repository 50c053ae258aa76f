package dev.spl.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The CLI's packages: the commands in {@code dev.spl.cli} use the reading layer ({@code read}: a
 * repository's files, kustomize builds, charts and GitOps deployments, read as one), the output
 * formats ({@code format}), the language server ({@code lsp}), the probe ({@code probe}) and the
 * build's identity ({@code build}); none of those reaches back to the commands. The language server
 * only speaks the protocol: what it lints with what is the {@link dev.spl.cli.lsp.Workspace} the
 * commands give it.
 */
class CliArchitectureTest {
  static final JavaClasses CLI =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.spl.cli");

  @Test
  void noPackageCycle() {
    slices().matching("dev.spl.(**)").should().beFreeOfCycles().check(CLI);
  }

  @Test
  void noSubpackageReachesBackToTheCommands() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "dev.spl.cli.read..",
            "dev.spl.cli.format..",
            "dev.spl.cli.lsp..",
            "dev.spl.cli.probe..",
            "dev.spl.cli.build..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.spl.cli")
        .check(CLI);
  }

  /** Reading knows nothing of how findings are shown or spoken: no format, no protocol. */
  @Test
  void theReadingLayerKnowsNoFormatAndNoProtocol() {
    noClasses()
        .that()
        .resideInAPackage("dev.spl.cli.read..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.spl.cli.format..", "dev.spl.cli.lsp..", "picocli..", "org.eclipse.lsp4j..")
        .check(CLI);
  }

  /** They are given findings; reading a repository or a cluster is the commands' work. */
  @Test
  void theFormatsAndTheLanguageServerReadNoRepositoryAndNoCluster() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.spl.cli.format..", "dev.spl.cli.lsp..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.fabric8..", "com.marcnuri.helm..")
        .check(CLI);
  }
}
