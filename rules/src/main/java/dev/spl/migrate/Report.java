package dev.spl.migrate;

import java.util.ArrayList;
import java.util.List;

/** What a migration did with each annotation: carried over, not carried, or worth knowing. */
public final class Report {
  /** How an annotation fared. */
  public enum Outcome {
    MAPPED("mapped"),
    /** Carried to something close, whose difference the line says. */
    APPROXIMATED("approximated"),
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

  /**
   * An Ingress whose affinity is not cookie: nothing to carry. {@code consequence} says what the
   * controllers made of it.
   */
  void affinityNotCookie(String ingress, String written, String consequence) {
    add(
        ingress,
        "affinity",
        Outcome.NOT_CARRIED,
        "\"" + written + "\" is not cookie: " + consequence);
  }

  void add(String ingress, String annotation, Outcome outcome, String text) {
    entries.add(new Entry(ingress, annotation, outcome, text));
  }

  /**
   * Says what became of {@code annotation} of {@code ingress} instead of what was said before: a
   * target with its own object restates the lines written in Gateway API's terms. A new line goes
   * after the Ingress's others.
   */
  void set(String ingress, String annotation, Outcome outcome, String text) {
    Entry entry = new Entry(ingress, annotation, outcome, text);
    int at = -1;
    int last = -1;
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      if (e.ingress().equals(ingress)) {
        last = i;
        if (e.annotation().equals(annotation) && at < 0) {
          at = i;
        }
      }
    }
    if (at >= 0) {
      entries.set(at, entry);
    } else if (last >= 0) {
      entries.add(last + 1, entry);
    } else {
      entries.add(entry);
    }
  }

  /** What was said of {@code annotation} of {@code ingress}, if anything. */
  java.util.Optional<Outcome> outcomeOf(String ingress, String annotation) {
    return entries.stream()
        .filter(e -> e.ingress().equals(ingress) && e.annotation().equals(annotation))
        .map(Entry::outcome)
        .findFirst();
  }

  /** The entries grouped by Ingress (or "input"), in the order they were said. */
  public java.util.Map<String, List<Entry>> byIngress() {
    java.util.Map<String, List<Entry>> out = new java.util.LinkedHashMap<>();
    entries.forEach(e -> out.computeIfAbsent(e.ingress(), k -> new ArrayList<>()).add(e));
    return out;
  }

  /** How many lines say {@code outcome}. */
  public long count(Outcome outcome) {
    return entries.stream().filter(e -> e.outcome() == outcome).count();
  }

  /** "4 mapped, 1 approximated, 1 not carried": the tally people read first. */
  public String tally() {
    long approximated = count(Outcome.APPROXIMATED);
    return count(Outcome.MAPPED)
        + " mapped, "
        + (approximated > 0 ? approximated + " approximated, " : "")
        + count(Outcome.NOT_CARRIED)
        + " not carried";
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
      out.append(String.format("  %-12s %s: %s%n", e.outcome().label(), e.annotation(), e.text()));
    }
    out.append(tally()).append('\n');
    return out.toString();
  }
}
