package dev.spl;

import dev.spl.model.Finding;
import dev.spl.model.ResourceLocation;
import dev.spl.model.Severity;
import java.util.List;

/**
 * The findings of one lint, sorted, with counts for the summary line.
 *
 * @param linted every resource linted, in input order, for reports that list them (JUnit); empty
 *     unless the lint was started with {@code listingResources()}
 */
public record LintResult(
    List<Finding> findings,
    int files,
    int documents,
    int resources,
    List<ResourceLocation> linted) {

  public long count(Severity severity) {
    return findings.stream().filter(f -> f.severity() == severity).count();
  }

  /** True when any finding is at least as severe as {@code threshold}. */
  public boolean hasAtLeast(Severity threshold) {
    return findings.stream().anyMatch(f -> f.severity().isAtLeast(threshold));
  }
}
