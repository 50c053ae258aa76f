package dev.spl.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.KindRole;
import dev.spl.rules.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The webhook's Service filter comes from what the rules declare they read of Services: every
 * declared annotation prefix is covered by one the filter lists, and nothing else is listed.
 */
class ServiceFilterTest {
  @Test
  void everyPrefixARuleReadsOfServicesIsCoveredAndNoOther() {
    BuiltInRules.ServiceFilter filter = BuiltInRules.serviceFilter();
    assertTrue(filter.sessionAffinity(), "SPL110 and SPL150-SPL153 read ClientIP affinity");
    int declared = 0;
    for (Rule r : BuiltInRules.all()) {
      for (String p : r.inputs().annotationsOf(KindRole.SERVICE)) {
        declared++;
        assertTrue(
            filter.prefixes().stream().anyMatch(p::startsWith), r.info().id() + " reads " + p);
      }
    }
    assertTrue(declared >= filter.prefixes().size());
    // no listed prefix is covered by another: the condition stays as short as it can be
    for (String p : filter.prefixes()) {
      assertEquals(
          1, filter.prefixes().stream().filter(p::startsWith).count(), p + " is listed twice");
    }
    for (String expected :
        List.of(
            "alb.ingress.kubernetes.io/",
            "haproxy.org/",
            "haproxy-ingress.github.io/",
            "service.beta.kubernetes.io/",
            "traefik.ingress.kubernetes.io/",
            "cloud.google.com/backend-config")) {
      assertTrue(filter.prefixes().contains(expected), expected + " in " + filter.prefixes());
    }
  }

  @Test
  void theChartsCopyListsThemInOrder() {
    BuiltInRules.ServiceFilter filter =
        new BuiltInRules.ServiceFilter(
            true, new java.util.TreeSet<>(List.of("b.example/", "a.example/")));
    assertEquals(
        "serviceFilter:\n  sessionAffinity: true\n  annotationPrefixes:\n"
            + "  - \"a.example/\"\n  - \"b.example/\"\n",
        filter.yaml());
  }
}
