package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnknownFieldTest {

  @Test
  void aMixOfShapesOnMainNamesTheVersionOfEachStrayField() {
    assertOne(
        of("SPL026", route("{cookie: {name: s}, cookieConfig: {}}"), GatewayApiVersion.MAIN),
        10,
        27,
        "written for v1.6? Lint with --gateway-api-version v1.6");
  }

  @Test
  void anObjectOfTheOldShapeOnMainIsOneFindingNamingTheVersion() {
    String v1 = "{sessionName: s, cookieConfig: {lifetimeType: Session}}";
    List<Finding> all = Lint.lint(route(v1), GatewayApiVersion.MAIN);
    assertEquals(List.of("SPL026"), all.stream().map(Finding::ruleId).toList(), all.toString());
    assertOne(
        all,
        9,
        5,
        "written for v1.6 (sessionName, cookieConfig), linted as main; set gatewayApiVersion: v1.6");
  }

  @Test
  void cookieOnV16NamesMain() {
    List<Finding> all = Lint.lint(route("{cookie: {name: s}}"), GatewayApiVersion.V1_6);
    assertEquals(List.of("SPL026"), all.stream().map(Finding::ruleId).toList(), all.toString());
    assertOne(all, 9, 5, "written for main (cookie), linted as v1.6");
  }

  @Test
  void idleTimeoutWasRemovedInV16() {
    assertOne(
        of("SPL026", route("{idleTimeout: 1h}"), GatewayApiVersion.V1_6),
        10,
        8,
        "written for v1.5");
    assertTrue(of("SPL026", route("{idleTimeout: 1h}"), GatewayApiVersion.V1_5).isEmpty());
  }

  @Test
  void aBackendInTheOldShapeIsNotToldToUseAVersionWithoutBackends() {
    // A Backend exists only on main: v1.6 has no Backend, so naming it would point nowhere.
    List<Finding> all =
        Lint.lint(
            backend("sessionName: s\ncookieConfig: {lifetimeType: Session}"),
            GatewayApiVersion.MAIN);
    assertEquals(List.of("SPL026"), all.stream().map(Finding::ruleId).toList(), all.toString());
    assertOne(all, 10, 5, "on a Backend, which exists only in main: write cookie or header");
    assertTrue(!all.get(0).message().contains("v1.6"), all.get(0).message());
  }

  @Test
  void backendAttachmentIsLatestOnly() {
    assertOne(
        of("SPL026", backend("cookie: {name: s}"), GatewayApiVersion.V1_6), 10, 5, "only in main");
  }

  @Test
  void aFieldOfNoVersion() {
    assertOne(
        of("SPL026", backend("{cookie: {name: s}, name: x}"), GatewayApiVersion.MAIN),
        11,
        27,
        "is not a sessionPersistence field");
  }

  @Test
  void knownFieldsPass() {
    assertTrue(
        of(
                "SPL026",
                backend(
                    "{type: Cookie, absoluteTimeout: 1h, cookie: {name: s, path: /, lifetimeType: Permanent}}"),
                GatewayApiVersion.MAIN)
            .isEmpty());
  }
}
