package dev.spl.model;

import java.util.Collection;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** "Did you mean" for names a user typed: rule ids, versions, subcommands, config keys. */
public final class Suggestions {
  private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(2);

  private Suggestions() {}

  /**
   * {@code "; did you mean 'x'?"} for the closest of {@code known} within two edits (ignoring
   * case), or an empty string when none is close.
   */
  public static String didYouMean(String typed, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String t = typed.toLowerCase(Locale.ROOT);
    for (String k : known) {
      int d = DISTANCE.apply(t, k.toLowerCase(Locale.ROOT));
      if (d >= 0 && d < bestDistance && d <= (k.length() >= 4 ? 2 : 1)) {
        best = k;
        bestDistance = d;
      }
    }
    return best == null ? "" : "; did you mean '" + best + "'?";
  }
}
