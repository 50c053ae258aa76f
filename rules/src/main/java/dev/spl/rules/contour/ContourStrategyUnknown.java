package dev.spl.rules.contour;

import dev.spl.index.Inputs;
import dev.spl.model.Fix;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** SPL801: a Contour strategy meant to pin sessions that Contour does not know. */
@RuleDefinition(
    id = "SPL801",
    name = "contour-strategy-unknown",
    severity = Severity.ERROR,
    summary =
        "A Contour HTTPProxy names a sticky strategy Contour does not know (cookie, Sticky):"
            + " it balances RoundRobin.",
    fixable = true)
public final class ContourStrategyUnknown implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ContourBalancing.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Contour knows no strategy \"{strategy}\" (names are case-sensitive) and balances"
              + " RoundRobin: write {fix}");

  /**
   * The words by which a strategy means to pin sessions. A misspelt strategy that does not (say
   * "LeastRequest") is a balancing question, not a sticky-session one, and is left alone.
   */
  public static final Pattern STICKY_WORDS =
      Pattern.compile("(?i)cookie|sticky|session|affinity|hash");

  /**
   * Longer strategies are not read: no misspelling of a strategy is this long, and the API server's
   * policy must not scan a megabyte of string (the schema does not bound it).
   */
  public static final int LONGEST = 64;

  /** The strategies Contour knows (for the policy). */
  public static final Set<String> KNOWN = ContourBalancing.STRATEGIES;

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    for (ContourBalancing.Site site : ContourBalancing.sitesOf(resource)) {
      String strategy = site.strategy();
      if (strategy == null
          || strategy.length() > LONGEST
          || ContourBalancing.STRATEGIES.contains(strategy)
          || !STICKY_WORDS.matcher(strategy).find()) {
        continue;
      }
      reporter.report(
          info(),
          resource,
          site.path().key("strategy"),
          MESSAGE.format("strategy", strategy, "fix", fixFor(strategy)),
          // a known strategy in another case ("cookie") is fixed; "Sticky" is only suggested
          Fix.caseSlip(resource.nodeAt(site.path().key("strategy")), ContourBalancing.STRATEGIES));
    }
  }

  /** RequestHash for a strategy that says hash, Cookie for the others. */
  static String fixFor(String strategy) {
    return strategy.toLowerCase(Locale.ROOT).contains("hash")
        ? ContourBalancing.REQUEST_HASH
        : ContourBalancing.COOKIE;
  }
}
