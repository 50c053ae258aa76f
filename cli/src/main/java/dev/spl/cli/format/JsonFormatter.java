package dev.spl.cli.format;

import dev.spl.InputNotes;
import dev.spl.LintResult;
import dev.spl.fix.TextEdit;
import dev.spl.model.Finding;
import dev.spl.model.RelatedLocation;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import java.io.PrintWriter;
import java.util.List;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/** The JSON object of docs/contracts.md: {@code findings} and {@code summary}. */
public final class JsonFormatter implements FindingFormatter {

  @Override
  public void write(LintResult result, PrintWriter out) {
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.writeStartObject();
      g.writeName("findings");
      g.writeStartArray();
      for (Finding f : result.findings()) {
        g.writeStartObject();
        g.writeStringProperty("rule", f.ruleId());
        g.writeStringProperty("name", f.ruleName());
        g.writeStringProperty("severity", f.severity().label());
        g.writeStringProperty("message", f.message());
        g.writeStringProperty("file", f.position().file());
        g.writeNumberProperty("line", f.position().line());
        g.writeNumberProperty("column", f.position().column());
        writeResource(g, f.resource());
        g.writeStringProperty("field", f.field());
        String renderedBy = result.inputs().renderedFrom().get(f.position().file());
        if (renderedBy != null) {
          g.writeStringProperty("renderedBy", renderedBy);
        }
        g.writeName("related");
        g.writeStartArray();
        for (RelatedLocation r : f.related()) {
          g.writeStartObject();
          g.writeStringProperty("file", r.position().file());
          g.writeNumberProperty("line", r.position().line());
          g.writeNumberProperty("column", r.position().column());
          writeResource(g, r.resource());
          g.writeEndObject();
        }
        g.writeEndArray();
        List<TextEdit> edits = result.editsOf(f);
        if (!edits.isEmpty()) {
          g.writeName("fix");
          g.writeStartObject();
          g.writeStringProperty("title", f.fix().title());
          g.writeName("edits");
          g.writeStartArray();
          for (TextEdit e : edits) {
            g.writeStartObject();
            g.writeStringProperty("file", e.file());
            g.writeNumberProperty("startLine", e.startLine());
            g.writeNumberProperty("startColumn", e.startColumn());
            g.writeNumberProperty("endLine", e.endLine());
            g.writeNumberProperty("endColumn", e.endColumn());
            g.writeStringProperty("replacement", e.replacement());
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeName("summary");
      g.writeStartObject();
      g.writeNumberProperty("files", result.files());
      g.writeNumberProperty("documents", result.documents());
      g.writeNumberProperty("resources", result.resources());
      g.writeNumberProperty("errors", result.count(Severity.ERROR));
      g.writeNumberProperty("warnings", result.count(Severity.WARNING));
      g.writeNumberProperty("infos", result.count(Severity.INFO));
      g.writeNumberProperty("skipped", result.inputs().skipped().size());
      g.writeNumberProperty("chartsRendered", result.inputs().rendered().charts());
      g.writeNumberProperty("chartRenderings", result.inputs().rendered().renderings());
      g.writeName("chartsNotRendered");
      g.writeStartArray();
      for (String chart : result.inputs().notRendered()) {
        g.writeString(chart);
      }
      g.writeEndArray();
      if (!result.inputs().builds().isEmpty()) {
        g.writeName("builds");
        g.writeStartArray();
        for (dev.spl.InputNotes.Build b : result.inputs().builds()) {
          g.writeStartObject();
          g.writeStringProperty("kind", b.kind());
          g.writeStringProperty("unit", b.unit());
          g.writeBooleanProperty("built", b.built());
          if (!b.built()) {
            g.writeStringProperty("reason", b.notBuiltBecause());
          }
          g.writeEndObject();
        }
        g.writeEndArray();
      }
      g.writeName("gatewayApiVersions");
      g.writeStartArray();
      for (InputNotes.VersionChoice v : result.inputs().versions()) {
        g.writeStartObject();
        g.writeStringProperty("version", v.version().label());
        g.writeStringProperty("reason", v.reason());
        g.writeNumberProperty("files", v.files());
        g.writeEndObject();
      }
      g.writeEndArray();
      if (!result.inputs().controllers().isEmpty()) {
        g.writeName("controllerVersions");
        g.writeStartArray();
        for (String controller : result.inputs().controllers()) {
          g.writeString(controller);
        }
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    out.println();
  }

  private static void writeResource(JsonGenerator g, ResourceRef r) {
    g.writeName("resource");
    if (r == null) {
      g.writeNull();
      return;
    }
    g.writeStartObject();
    g.writeStringProperty("apiVersion", r.apiVersion());
    g.writeStringProperty("kind", r.kind());
    g.writeStringProperty("namespace", r.namespace());
    g.writeStringProperty("name", r.name());
    g.writeEndObject();
  }
}
