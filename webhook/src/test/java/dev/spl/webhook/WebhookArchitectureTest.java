package dev.spl.webhook;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The webhook is a thin adapter: the review (AdmissionHandler: an AdmissionReview in, a response
 * out, the engine deciding) knows nothing of the HTTP server or the cluster client, so it is
 * tested, fuzzed and mutated without either; only the server's classes speak HTTP, and only the
 * cluster's classes speak to the API server.
 */
class WebhookArchitectureTest {
  static final JavaClasses WEBHOOK =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.spl.webhook");

  @Test
  void theReviewKnowsNoHttpAndNoClient() {
    noClasses()
        .that()
        .haveSimpleNameStartingWith("AdmissionHandler")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.javalin..",
            "org.eclipse.jetty..",
            "java.net.http..",
            "io.fabric8.kubernetes.client..")
        .check(WEBHOOK);
  }

  /** The classes that serve HTTPS, with their nested classes. */
  static final java.util.Set<String> SERVER =
      java.util.Set.of(
          "WebhookServer",
          "WebhookMain",
          "WholeBodyHandler",
          "RequestHeadDeadline",
          "ClientConnectionLimit",
          "CertificateReloader");

  static final com.tngtech.archunit.base.DescribedPredicate<
          com.tngtech.archunit.core.domain.JavaClass>
      OUTSIDE_THE_SERVER =
          com.tngtech.archunit.base.DescribedPredicate.describe(
              "are outside the server's classes",
              c -> !SERVER.contains(c.getName().replaceAll("^.*\\.", "").replaceAll("\\$.*$", "")));

  @Test
  void onlyTheServerSpeaksHttp() {
    noClasses()
        .that(OUTSIDE_THE_SERVER)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.javalin..", "org.eclipse.jetty..")
        .check(WEBHOOK);
  }
}
