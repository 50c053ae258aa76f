package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a test input says its findings are: each line marked {@code # expect: SPLnnn} must carry a
 * finding of that rule, and only marked lines may; an optional quoted fragment must be in its
 * message ({@code # expect: SPL021 "days are not a unit"}), as Error Prone's {@code // BUG:
 * Diagnostic contains:} does. The examples' bad.yaml and the rules' unit tests say it this way, so
 * no test ties a finding to a line number of some helper's layout.
 */
public final class ExpectMarkers {
  private static final Pattern EXPECT =
      Pattern.compile("#\\s*expect:\\s*(SPL\\d{3}(?:\\s*,\\s*SPL\\d{3})*)(.*)$");

  /** The fragment: everything between the first and the last quote, inner quotes included. */
  private static final Pattern FRAGMENT = Pattern.compile("\"(.+)\"");

  /** "line rule" (e.g. "12 SPL021") to the fragment its message must contain, "" for any. */
  private final Map<String, String> marked;

  private ExpectMarkers(Map<String, String> marked) {
    this.marked = marked;
  }

  /** The markers of {@code text}. */
  public static ExpectMarkers in(String text) {
    Map<String, String> marked = new HashMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = EXPECT.matcher(lines[i]);
      if (m.find()) {
        String rest = m.group(2).strip();
        Matcher fragment = FRAGMENT.matcher(rest);
        if (!rest.isEmpty() && !fragment.matches()) {
          // a marker that says more than it can be held to would pass without checking it
          throw new IllegalArgumentException(
              "line "
                  + (i + 1)
                  + ": after the rule ids a marker takes only a quoted fragment: "
                  + lines[i]);
        }
        for (String id : m.group(1).split("\\s*,\\s*")) {
          marked.put((i + 1) + " " + id, rest.isEmpty() ? "" : fragment.group(1));
        }
      }
    }
    return new ExpectMarkers(marked);
  }

  /** True when some line is marked with {@code ruleId}. */
  public boolean names(String ruleId) {
    return marked.keySet().stream().anyMatch(k -> k.endsWith(" " + ruleId));
  }

  /**
   * Asserts that {@code findings} are exactly the marked ones, line and rule, and that each message
   * holds its marker's fragment.
   */
  public void assertMatches(String where, List<Finding> findings) {
    Set<String> actual = new TreeSet<>();
    for (Finding f : findings) {
      String at = f.position().line() + " " + f.ruleId();
      actual.add(at);
      String fragment = marked.getOrDefault(at, "");
      assertTrue(
          f.message().contains(fragment),
          () -> where + ":" + at + ": message \"" + f.message() + "\" lacks \"" + fragment + "\"");
    }
    assertEquals(new TreeSet<>(marked.keySet()), actual, where + ": marked (line rule) vs found");
  }
}
