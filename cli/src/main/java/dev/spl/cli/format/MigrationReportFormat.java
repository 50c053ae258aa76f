package dev.spl.cli.format;

import dev.spl.migrate.Report;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * The report of {@code spl migrate} in the form a reader needs: text for the terminal, Markdown for
 * the pull request that makes the migration (a table per Ingress), JSON for scripts.
 */
public enum MigrationReportFormat {
  text,
  markdown,
  json;

  /**
   * What the migration was: from, to (the implementation's id and product) and the one-line account
   * of what was written ("Gateway API v1.6, HTTPRoutes written").
   */
  public record Migration(
      String from,
      String to,
      String product,
      String written,
      Report report,
      List<String> inputProblems) {}

  public void write(Migration m, PrintWriter out) {
    switch (this) {
      case text -> writeText(m, out);
      case markdown -> writeMarkdown(m, out);
      case json -> writeJson(m, out);
    }
    out.flush();
  }

  private static void writeText(Migration m, PrintWriter out) {
    m.inputProblems().forEach(out::println);
    out.print(m.report().text());
    out.println(m.written());
  }

  private static void writeMarkdown(Migration m, PrintWriter out) {
    out.println("### spl migrate " + m.from() + " to " + m.product());
    out.println();
    out.println(m.written() + ": " + m.report().tally() + ".");
    if (!m.inputProblems().isEmpty()) {
      out.println();
      out.println("Not read (what it held was not migrated):");
      out.println();
      m.inputProblems().forEach(p -> out.println("- " + cell(p)));
    }
    for (Map.Entry<String, List<Report.Entry>> ingress : m.report().byIngress().entrySet()) {
      out.println();
      out.println("#### " + (ingress.getKey().equals("input") ? "The input" : ingress.getKey()));
      out.println();
      out.println("| annotation | outcome | what became of it |");
      out.println("|---|---|---|");
      for (Report.Entry e : ingress.getValue()) {
        out.printf(
            "| `%s` | %s | %s |%n",
            e.annotation(),
            e.outcome() == Report.Outcome.NOT_CARRIED
                ? "**" + e.outcome().label() + "**"
                : e.outcome().label(),
            cell(e.text()));
      }
    }
  }

  /** Text safe in a Markdown table cell: pipes escaped, no line breaks. */
  private static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  private static void writeJson(Migration m, PrintWriter out) {
    // the writer may be stderr, still needed after the report: the generator must not close it
    JsonFactory json = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
    try (JsonGenerator g = json.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringProperty("from", m.from());
      g.writeStringProperty("to", m.to());
      g.writeStringProperty("product", m.product());
      g.writeStringProperty("written", m.written());
      g.writeBooleanProperty("complete", !m.report().incomplete());
      g.writeObjectPropertyStart("summary");
      for (Report.Outcome o : Report.Outcome.values()) {
        g.writeNumberProperty(key(o), m.report().count(o));
      }
      g.writeEndObject();
      g.writeArrayPropertyStart("ingresses");
      for (Map.Entry<String, List<Report.Entry>> ingress : m.report().byIngress().entrySet()) {
        g.writeStartObject();
        g.writeStringProperty("ingress", ingress.getKey());
        g.writeArrayPropertyStart("annotations");
        for (Report.Entry e : ingress.getValue()) {
          g.writeStartObject();
          g.writeStringProperty("annotation", e.annotation());
          g.writeStringProperty("outcome", key(e.outcome()));
          g.writeStringProperty("text", e.text());
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayPropertyStart("inputProblems");
      for (String p : m.inputProblems()) {
        g.writeString(p);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.println();
  }

  /** An outcome as JSON names it: mapped, approximated, notCarried, note. */
  private static String key(Report.Outcome o) {
    String[] words = o.name().toLowerCase(Locale.ROOT).split("_");
    StringBuilder out = new StringBuilder(words[0]);
    for (int i = 1; i < words.length; i++) {
      out.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
    }
    return out.toString();
  }
}
