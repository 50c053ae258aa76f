package dev.spl;

import dev.spl.fix.TextEdit;
import dev.spl.model.Finding;
import dev.spl.model.ResourceLocation;
import dev.spl.model.Severity;
import java.util.List;
import java.util.Map;

/**
 * The findings of one lint, sorted, with counts for the summary line.
 *
 * @param linted every resource linted, in input order, for reports that list them (JUnit); empty
 *     unless the lint was started with {@code listingResources()}
 * @param inputs what the adapter that read the input says of it: versions used, files skipped,
 *     files that are renderings
 * @param edits per finding with a fix, the edits that make it in the file as it is now (an adapter
 *     that reads the files resolves them; a finding of a rendered file has none)
 */
public record LintResult(
    List<Finding> findings,
    int files,
    int documents,
    int resources,
    List<ResourceLocation> linted,
    InputNotes inputs,
    Map<Finding, List<TextEdit>> edits) {

  public LintResult {
    edits = Map.copyOf(edits);
  }

  public LintResult(
      List<Finding> findings,
      int files,
      int documents,
      int resources,
      List<ResourceLocation> linted,
      InputNotes inputs) {
    this(findings, files, documents, resources, linted, inputs, Map.of());
  }

  public LintResult(
      List<Finding> findings,
      int files,
      int documents,
      int resources,
      List<ResourceLocation> linted) {
    this(findings, files, documents, resources, linted, InputNotes.NONE);
  }

  public LintResult withInputs(InputNotes notes) {
    return new LintResult(findings, files, documents, resources, linted, notes, edits);
  }

  public LintResult withFindings(List<Finding> kept) {
    return new LintResult(kept, files, documents, resources, linted, inputs, edits);
  }

  /** This result with the edits that make its findings' fixes. */
  public LintResult withEdits(Map<Finding, List<TextEdit>> resolved) {
    return new LintResult(findings, files, documents, resources, linted, inputs, resolved);
  }

  /** The edits that fix {@code finding}, empty when it has no fix that can be made here. */
  public List<TextEdit> editsOf(Finding finding) {
    return edits.getOrDefault(finding, List.of());
  }

  public long count(Severity severity) {
    return findings.stream().filter(f -> f.severity() == severity).count();
  }

  /** True when any finding is at least as severe as {@code threshold}. */
  public boolean hasAtLeast(Severity threshold) {
    return findings.stream().anyMatch(f -> f.severity().isAtLeast(threshold));
  }
}
