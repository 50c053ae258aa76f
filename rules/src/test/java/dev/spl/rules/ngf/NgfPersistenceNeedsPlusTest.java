package dev.spl.rules.ngf;

import static dev.spl.rules.ngf.NgfPersistenceWithoutPlusTest.ROUTE;
import static dev.spl.rules.ngf.NgfPersistenceWithoutPlusTest.controller;
import static dev.spl.rules.ngf.NgfPersistenceWithoutPlusTest.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** SPL255: the controller not in sight (SPL254's test holds the cases where it is). */
class NgfPersistenceNeedsPlusTest {
  @Test
  void noControllerInSightIsAWarning() {
    assertTrue(of("SPL254", ROUTE).isEmpty());
    assertEquals(1, of("SPL255", ROUTE).size());
  }

  @Test
  void aControllerOfAnotherClassDoesNotCount() {
    String yaml = ROUTE + controller("--gateway-ctlr-name=gateway.nginx.org/other");
    assertTrue(of("SPL254", yaml).isEmpty());
    assertEquals(1, of("SPL255", yaml).size());
  }
}
