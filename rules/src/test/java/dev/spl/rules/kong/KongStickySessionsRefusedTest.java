package dev.spl.rules.kong;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The KongUpstreamPolicy CRD's CEL rules on sticky sessions and cookie hashing (KIC 1fa68f8). */
class KongStickySessionsRefusedTest {
  private static final String HEAD =
      """
      apiVersion: configuration.konghq.com/v1beta1
      kind: KongUpstreamPolicy
      metadata: {name: sticky, namespace: shop}
      spec:
      """;

  @Test
  void stickySessionsWithoutItsAlgorithmOrWithAHashOrWithoutACookie() {
    assertMarked(
        "SPL271",
        HEAD
            + """
          algorithm: consistent-hashing  # expect: SPL271 "needs algorithm: sticky-sessions (the CRD refuses consistent-hashing)"
          hashOn:  # expect: SPL271 "the CRD refuses hashOn.cookie"
            cookie: session
            cookiePath: /
          stickySessions:  # expect: SPL271 "needs a cookie name"
            cookiePath: /
        """);
    assertMarked(
        "SPL271",
        HEAD
            + """
          algorithm: sticky-sessions
          stickySessions:  # expect: SPL271 "the CRD refuses no hashOn"
            cookie: session
        """);
  }

  @Test
  void aCookieHashNeedsItsPath() {
    assertMarked(
        "SPL271",
        HEAD
            + """
          algorithm: consistent-hashing
          hashOn:
            cookie: session  # expect: SPL271 "hashOn.cookie needs hashOn.cookiePath"
        """);
    assertMarked(
        "SPL271",
        HEAD
            + """
          algorithm: consistent-hashing
          hashOn:
            cookiePath: /  # expect: SPL271 "hashOn.cookiePath needs hashOn.cookie"
        """);
  }

  @Test
  void theShapesKongDocumentsPass() {
    assertTrue(
        of(
                "SPL271",
                HEAD
                    + """
                  algorithm: sticky-sessions
                  hashOn: {input: none}
                  stickySessions: {cookie: session, cookiePath: /}
                """)
            .isEmpty());
    assertTrue(
        of(
                "SPL271",
                HEAD
                    + """
                  algorithm: consistent-hashing
                  hashOn: {cookie: session, cookiePath: /}
                """)
            .isEmpty());
    assertEquals(
        0,
        of(
                "SPL271",
                HEAD.replace("configuration.konghq.com", "example.com") + "  stickySessions: {}\n")
            .size(),
        "another group's kind of that name is not Kong's");
  }
}
