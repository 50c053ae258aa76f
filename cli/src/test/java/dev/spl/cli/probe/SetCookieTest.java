package dev.spl.cli.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SetCookieTest {
  @Test
  void aCookieThatClearsItselfPinsNothing() {
    // issue 49: SRV=; Expires=1970 passed sets-persistence
    assertTrue(SetCookie.parse("SRV=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/").deletes());
    assertTrue(SetCookie.parse("SRV=s1; Expires=Thu, 01 Jan 1970 00:00:00 GMT").deletes());
    assertTrue(SetCookie.parse("SRV=s1; Max-Age=0").deletes());
    assertTrue(
        SetCookie.parse("SRV=s1; Max-Age=-1; Expires=Fri, 01 Jan 2100 00:00:00 GMT").deletes());
    assertFalse(
        SetCookie.parse("SRV=s1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT").deletes());
    assertFalse(SetCookie.parse("SRV=s1; Path=/; HttpOnly").deletes());
    assertFalse(SetCookie.parse("SRV=s1; Expires=Fri, 01 Jan 2100 00:00:00 GMT").deletes());
    assertFalse(SetCookie.parse("SRV=s1; Expires=someday").deletes());
  }

  @Test
  void attributesAreReadWithoutCase() {
    SetCookie c = SetCookie.parse("SRV=s1; SameSite=None; Secure");
    assertEquals("None", c.get("samesite"));
    assertTrue(c.has("SECURE"));
    assertEquals("s1", c.value());
  }
}
