package dev.spl.rules.schema;

import static dev.spl.Lint.assertOne;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import org.junit.jupiter.api.Test;

class UnknownFieldTest {

  @Test
  void cookieConfigOnLatestNamesTheVersion() {
    assertOne(
        of("SPL026", route("{cookie: {name: s}, cookieConfig: {}}")),
        10,
        27,
        "written for v1.6? Lint with --gateway-api-version v1.6");
  }

  @Test
  void cookieOnV16NamesLatest() {
    assertOne(
        of("SPL026", route("{cookie: {name: s}}"), GatewayApiVersion.V1_6),
        10,
        8,
        "--gateway-api-version latest");
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
  void backendAttachmentIsLatestOnly() {
    assertOne(
        of("SPL026", backend("cookie: {name: s}"), GatewayApiVersion.V1_6),
        10,
        5,
        "only in latest");
  }

  @Test
  void aFieldOfNoVersion() {
    assertOne(
        of("SPL026", backend("{cookie: {name: s}, name: x}")),
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
                    "{type: Cookie, absoluteTimeout: 1h, cookie: {name: s, path: /, lifetimeType: Permanent}}"))
            .isEmpty());
  }
}
