package dev.spl.schema;

import java.util.List;

/**
 * The CRD rules on durations that spl checks in Java (SPL021), as upstream writes them
 * (v1.1.0..main). Where an installed CRD is in sight, each check runs only if the CRD holds its
 * rule, and the CRD's other duration rules are the installed-CRD rule's (SPL032): one table both
 * read, so neither rule asks the other.
 */
public final class DurationRules {
  /** A route rule's timeouts: backendRequest no longer than a non-zero request. */
  public static final String TIMEOUTS =
      "!(has(self.request) && has(self.backendRequest) && duration(self.request) !="
          + " duration('0s') && duration(self.backendRequest) > duration(self.request))";

  /** A retry budget's interval: 1s to 1h. */
  public static final String BUDGET_INTERVAL =
      "!(duration(self) < duration('1s') || duration(self) > duration('1h'))";

  /** A minimum retry rate's interval: over 0s, at most 1h. */
  public static final String MIN_RETRY_RATE_INTERVAL =
      "!(duration(self) == duration('0s') || duration(self) > duration('1h'))";

  /** Every one of them. */
  public static final List<String> HELD =
      List.of(TIMEOUTS, BUDGET_INTERVAL, MIN_RETRY_RATE_INTERVAL);

  private DurationRules() {}
}
