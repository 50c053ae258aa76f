package dev.spl.migrate;

import java.util.ArrayList;
import java.util.List;

/** What a migration did with each annotation: carried over, not carried, or worth knowing. */
public final class Report {
  /** How an annotation fared. */
  public enum Outcome {
    MAPPED("mapped"),
    NOT_CARRIED("NOT CARRIED"),
    NOTE("note");

    private final String label;

    Outcome(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** One line: the Ingress, the annotation (or aspect), what became of it, and why. */
  public record Entry(String ingress, String annotation, Outcome outcome, String text) {}

  private final List<Entry> entries = new ArrayList<>();

  void add(String ingress, String annotation, Outcome outcome, String text) {
    entries.add(new Entry(ingress, annotation, outcome, text));
  }

  public List<Entry> entries() {
    return List.copyOf(entries);
  }

  /** True when something the Ingresses ask for has no place in the output. */
  public boolean incomplete() {
    return entries.stream().anyMatch(e -> e.outcome() == Outcome.NOT_CARRIED);
  }

  /** The report as people read it: grouped by Ingress, one line per annotation. */
  public String text() {
    StringBuilder out = new StringBuilder();
    String current = null;
    for (Entry e : entries) {
      if (!e.ingress().equals(current)) {
        current = e.ingress();
        out.append(current).append('\n');
      }
      out.append(String.format("  %-11s %s: %s%n", e.outcome().label(), e.annotation(), e.text()));
    }
    long notCarried = entries.stream().filter(e -> e.outcome() == Outcome.NOT_CARRIED).count();
    long mapped = entries.stream().filter(e -> e.outcome() == Outcome.MAPPED).count();
    out.append(mapped)
        .append(" mapped, ")
        .append(notCarried)
        .append(notCarried == 1 ? " not carried" : " not carried")
        .append('\n');
    return out.toString();
  }
}
