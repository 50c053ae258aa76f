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
 * @param inputs what the adapter that read the input says of it: versions used, files skipped,
 *     files that are renderings
 */
public record LintResult(
    List<Finding> findings,
    int files,
    int documents,
    int resources,
    List<ResourceLocation> linted,
    InputNotes inputs) {

  public LintResult(
      List<Finding> findings,
      int files,
      int documents,
      int resources,
      List<ResourceLocation> linted) {
    this(findings, files, documents, resources, linted, InputNotes.NONE);
  }

  public LintResult withInputs(InputNotes notes) {
    return new LintResult(findings, files, documents, resources, linted, notes);
  }

  public LintResult withFindings(List<Finding> kept) {
    return new LintResult(kept, files, documents, resources, linted, inputs);
  }

  public long count(Severity severity) {
    return findings.stream().filter(f -> f.severity() == severity).count();
  }

  /** True when any finding is at least as severe as {@code threshold}. */
  public boolean hasAtLeast(Severity threshold) {
    return findings.stream().anyMatch(f -> f.severity().isAtLeast(threshold));
  }
}
