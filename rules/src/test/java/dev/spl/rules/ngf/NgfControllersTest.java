package dev.spl.rules.ngf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NgfControllersTest {
  @Test
  void booleanFlagsAsPflagReadsThem() {
    assertTrue(NgfControllers.isSet(List.of("controller", "--nginx-plus"), "--nginx-plus"));
    assertTrue(NgfControllers.isSet(List.of("--nginx-plus=true"), "--nginx-plus"));
    assertFalse(NgfControllers.isSet(List.of("--nginx-plus=false"), "--nginx-plus"));
    assertFalse(NgfControllers.isSet(List.of("--nginx-plus", "--nginx-plus=0"), "--nginx-plus"));
    assertFalse(NgfControllers.isSet(List.of("--nginx-plus-x"), "--nginx-plus"));
    assertFalse(NgfControllers.isSet(List.of(), "--nginx-plus"));
  }

  @Test
  void theControllerNameWithOrWithoutEquals() {
    assertEquals(
        "a/b", NgfControllers.flagValue(List.of("--gateway-ctlr-name=a/b"), "--gateway-ctlr-name"));
    assertEquals(
        "a/b",
        NgfControllers.flagValue(List.of("--gateway-ctlr-name", "a/b"), "--gateway-ctlr-name"));
    assertNull(NgfControllers.flagValue(List.of("--gateway-ctlr-name"), "--gateway-ctlr-name"));
  }
}
