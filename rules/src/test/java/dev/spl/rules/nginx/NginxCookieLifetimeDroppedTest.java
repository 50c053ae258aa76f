package dev.spl.rules.nginx;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.nginx.NginxYaml.ingress;
import static dev.spl.rules.nginx.NginxYaml.ingressOf;
import static dev.spl.rules.nginx.NginxYaml.nginx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NginxCookieLifetimeDroppedTest {
  @Test
  void theControllersCheckAsItIs() {
    assertNull(NginxCookieLifetimeDropped.controllerValue("48h", false));
    assertNull(NginxCookieLifetimeDropped.controllerValue("2d", false));
    assertNull(NginxCookieLifetimeDropped.controllerValue("", false));
    assertNull(NginxCookieLifetimeDropped.controllerValue("36\n00", false), "a newline");
    assertEquals("1.5", NginxCookieLifetimeDropped.controllerValue("1.5", false), "ends in 5");
    assertEquals("0", NginxCookieLifetimeDropped.controllerValue("0", false));
    assertEquals("-1", NginxCookieLifetimeDropped.controllerValue("-1", false));
    assertNull(
        NginxCookieLifetimeDropped.controllerValue(" 3600 ", false),
        "max-age's check runs on the value as written: the trailing space fails it");
    assertEquals(
        "3600", NginxCookieLifetimeDropped.controllerValue(" 3600 ", true), "expires: trimmed");
    assertNull(
        NginxCookieLifetimeDropped.controllerValue("3600 ", false), "max-age keeps the space");
    assertEquals(
        "3600", NginxCookieLifetimeDropped.controllerValue("3600 ", true), "expires drops it");
  }

  @Test
  void droppedValues() {
    assertMarked(
        "SPL202",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-max-age", "48h") + "  # expect: SPL202 \"(48h is 172800)\""));
    assertMarked(
        "SPL202",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-expires", "2 d") + "  # expect: SPL202 \"drops it\""));
  }

  @Test
  void aHugeValueWithAUnitIsReportedWithoutConversion() {
    assertMarked(
        "SPL202",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-max-age", "99999999999999999999h")
                + "  # expect: SPL202 \"drops it (session cookie)\""));
  }

  @Test
  void valuesThatReachTheBrowser() {
    assertMarked(
        "SPL202",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-max-age", "0") + "  # expect: SPL202 \"deletes the cookie\""));
    assertMarked(
        "SPL202",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-expires", "-60") + "  # expect: SPL202 \"deletes the cookie\""));
    assertMarked(
        "SPL202",
        ingress(
            nginx("affinity", "cookie"),
            nginx("session-cookie-max-age", "1.5") + "  # expect: SPL202 \"browsers ignore it\""));
  }

  @Test
  void wholeSecondsPass() {
    assertTrue(
        of(
                "SPL202",
                ingress(
                    nginx("affinity", "cookie"),
                    nginx("session-cookie-max-age", "172800"),
                    nginx("session-cookie-expires", "172800")))
            .isEmpty());
    assertTrue(
        of("SPL202", ingressOf("a", "haproxy", "s", nginx("session-cookie-max-age", "48h")))
            .isEmpty(),
        "another controller's Ingress");
  }

  @org.junit.jupiter.api.Test
  void theLinearCheckIsTheControllersRegexp() {
    // Go's RE2 semantics of (^0|-?[1-9]\d*$), unanchored: \A and \z (Java's $ also matches
    // before a final newline, Go's does not), ASCII digits
    java.util.regex.Pattern go = java.util.regex.Pattern.compile("(\\A0|-?[1-9][0-9]*\\z)");
    java.util.Random random = new java.util.Random(42);
    String alphabet = "0159-x \n\u0663";
    for (int i = 0; i < 200_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = random.nextInt(9); n > 0; n--) {
        b.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String text = b.toString();
      org.junit.jupiter.api.Assertions.assertEquals(
          go.matcher(text).find(),
          NginxCookieLifetimeDropped.passesControllerCheck(text),
          () -> "\"" + text + "\"");
    }
  }
}
