package dev.spl.rules.f5;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.f5.F5SessionCookieRefusedTest.virtualServer;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class F5SessionCookieNotEnabledTest {
  @Test
  void aCookieWithoutEnableIsNeverWritten() {
    assertMarked(
        "SPL233",
        virtualServer("VirtualServer", "name: srv_id\nexpires: 1h\n")
            .replace(
                "    sessionCookie:\n",
                "    sessionCookie:  # expect: SPL233 \"srv_id\" has no enable: true\"\n"));
  }

  @Test
  void enabledOrSwitchedOffOnPurposePasses() {
    assertTrue(of("SPL233", virtualServer("VirtualServer", "enable: true\nname: s\n")).isEmpty());
    assertTrue(
        of("SPL233", virtualServer("VirtualServer", "enable: false\nname: s\n")).isEmpty(),
        "enable: false is a switch turned off");
    assertTrue(
        of("SPL233", virtualServer("VirtualServer", "name: srv-id\n")).isEmpty(),
        "a cookie F5 rejects the resource for is SPL232's");
    assertTrue(
        of("SPL233", virtualServer("VirtualServer", "name: s\nexpires: false\n")).isEmpty(),
        "a boolean where the CRD wants a string: the API server refuses the object first");
  }
}
