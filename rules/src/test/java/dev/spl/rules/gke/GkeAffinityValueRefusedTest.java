package dev.spl.rules.gke;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static dev.spl.rules.gke.GkeYaml.policy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GkeAffinityValueRefusedTest {
  @Test
  void aTypeInAnotherCaseIsFixedToGkesSpelling() {
    List<Finding> f =
        assertMarked("SPL708", policy("type: Client_Ip  # expect: SPL708 \"write CLIENT_IP\""));
    assertNotNull(f.get(0).fix());
    assertEquals("CLIENT_IP", f.get(0).fix().edits().get(0).value());
  }

  @Test
  void anUnknownTypeIsNotGuessed() {
    List<Finding> f = of("SPL708", policy("type: COOKIE"));
    assertEquals(1, f.size());
    assertNull(f.get(0).fix(), "COOKIE could be GENERATED_COOKIE or HTTP_COOKIE");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "1209601", "'3600'", "1h", "1.5", "99999999999999999999"})
  void lifetimesTheCrdRefuses(String ttl) {
    List<Finding> f = of("SPL708", policy("type: GENERATED_COOKIE", "cookieTtlSec: " + ttl));
    assertEquals(1, f.size(), ttl);
    assertEquals("spec.default.sessionAffinity.cookieTtlSec", f.get(0).field());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1", "1209600", "~"})
  void lifetimesItTakes(String ttl) {
    assertTrue(of("SPL708", policy("type: GENERATED_COOKIE", "cookieTtlSec: " + ttl)).isEmpty());
  }

  @Test
  void aTypeOutsideTheEnumIsNotAlsoACookieQuestion() {
    String yaml = policy("type: generated_cookie", "cookieTtlSec: 60");
    assertEquals(1, of("SPL708", yaml).size());
    assertTrue(of("SPL701", yaml).isEmpty(), "SPL701 speaks of known types only");
  }
}
