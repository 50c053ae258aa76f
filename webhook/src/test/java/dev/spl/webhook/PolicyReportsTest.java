package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyReportsTest {
  @Test
  void aLongReportListsTheErrorsFirstAndAtMostTheLimit() {
    List<Map<String, Object>> results = new ArrayList<>();
    for (int i = 0; i < PolicyReports.MAX_RESULTS + 200; i++) {
      results.add(Map.of("result", i % 10 == 9 ? "fail" : "warn", "n", i));
    }
    List<Map<String, Object>> listed = PolicyReports.listed(results);
    assertEquals(PolicyReports.MAX_RESULTS, listed.size());
    long fails = results.stream().filter(r -> r.get("result").equals("fail")).count();
    assertEquals(
        fails,
        listed.stream().filter(r -> r.get("result").equals("fail")).count(),
        "no error is left out while a warning is listed");
    assertEquals("fail", listed.get(0).get("result"));
  }

  @Test
  void aShortReportIsListedAsItIs() {
    List<Map<String, Object>> results = List.of(Map.of("result", "warn"));
    assertSame(results, PolicyReports.listed(results));
  }
}
