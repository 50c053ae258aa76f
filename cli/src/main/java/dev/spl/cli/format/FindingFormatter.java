package dev.spl.cli.format;

import dev.spl.LintResult;
import java.io.PrintWriter;

/** Lays out the findings of a lint; formatters never reword what a rule said. */
public interface FindingFormatter {
  void write(LintResult result, PrintWriter out);
}
