package dev.spl.cli.format;

import dev.spl.LintResult;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.cli.build.BuildInfo;
import dev.spl.fix.TextEdit;
import dev.spl.model.Finding;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleInfo;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/**
 * SARIF 2.1.0: one run whose {@code tool.driver.rules} are the rules that found something (the
 * whole catalogue is 150 KB; {@code spl rules} lists it), one result per finding with its location
 * relative to the working directory and a {@code partialFingerprints} entry that does not move with
 * its line, so GitHub code scanning keeps a finding's alert when lines above it change, and an
 * {@code invocations} entry.
 */
public final class SarifFormatter implements FindingFormatter {
  static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

  @Override
  public void write(LintResult result, PrintWriter out) {
    java.util.Set<String> found = new java.util.HashSet<>();
    result.findings().forEach(f -> found.add(f.ruleId()));
    List<Rule> rules =
        BuiltInRules.all().stream().filter(r -> found.contains(r.info().id())).toList();
    Map<String, Integer> ruleIndex = new HashMap<>();
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.writeStartObject();
      g.writeStringProperty("$schema", SCHEMA);
      g.writeStringProperty("version", "2.1.0");
      g.writeName("runs");
      g.writeStartArray();
      g.writeStartObject();
      g.writeName("tool");
      g.writeStartObject();
      g.writeName("driver");
      g.writeStartObject();
      g.writeStringProperty("name", "spl");
      g.writeStringProperty("version", BuildInfo.version());
      g.writeStringProperty("semanticVersion", BuildInfo.version().replace("-SNAPSHOT", ""));
      g.writeStringProperty("informationUri", BuildInfo.homepage());
      g.writeName("rules");
      g.writeStartArray();
      for (int i = 0; i < rules.size(); i++) {
        RuleInfo r = rules.get(i).info();
        ruleIndex.put(r.id(), i);
        writeRule(g, r);
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndObject();
      g.writeName("invocations");
      g.writeStartArray();
      g.writeStartObject();
      // The lint ran to its end: findings are results, not a failed execution.
      g.writeBooleanProperty("executionSuccessful", true);
      g.writeEndObject();
      g.writeEndArray();
      g.writeStringProperty("columnKind", "unicodeCodePoints");
      g.writeName("results");
      g.writeStartArray();
      for (Finding f : result.findings()) {
        writeResult(g, f, ruleIndex.getOrDefault(f.ruleId(), -1), result.editsOf(f));
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndArray();
      g.writeEndObject();
    }
    out.println();
  }

  /**
   * What identifies a finding across commits: its rule, file, object and field, not its line or
   * message (an edit above it, or a reworded message, keeps the alert).
   */
  static String fingerprint(Finding f) {
    String key =
        f.ruleId()
            + "\n"
            + f.position().file()
            + "\n"
            + (f.resource() == null ? "" : f.resource().describe())
            + "\n"
            + f.field()
            + (f.resource() == null && f.field().isEmpty() ? "\n" + f.position().line() : "");
    try {
      byte[] digest =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest, 0, 16);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static void writeRule(JsonGenerator g, RuleInfo r) {
    g.writeStartObject();
    g.writeStringProperty("id", r.id());
    g.writeStringProperty("name", r.name());
    text(g, "shortDescription", r.summary());
    text(g, "fullDescription", r.why());
    g.writeName("help");
    g.writeStartObject();
    g.writeStringProperty("text", r.fix() + " Reference: " + r.reference());
    g.writeStringProperty(
        "markdown",
        "**Fix.** "
            + r.fix()
            + "\n\n**Why.** "
            + r.why()
            + "\n\n**Reference.** "
            + r.reference()
            + "\n\nRun `spl explain "
            + r.id()
            + "` for examples.");
    g.writeEndObject();
    g.writeStringProperty("helpUri", BuildInfo.ruleDocs(r.id(), r.name()));
    g.writeName("defaultConfiguration");
    g.writeStartObject();
    g.writeStringProperty("level", level(r.severity()));
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void writeResult(JsonGenerator g, Finding f, int ruleIndex, List<TextEdit> edits) {
    g.writeStartObject();
    g.writeStringProperty("ruleId", f.ruleId());
    if (ruleIndex >= 0) {
      g.writeNumberProperty("ruleIndex", ruleIndex);
    }
    g.writeStringProperty("level", level(f.severity()));
    text(g, "message", f.message());
    g.writeName("partialFingerprints");
    g.writeStartObject();
    g.writeStringProperty("splFinding/v1", fingerprint(f));
    g.writeEndObject();
    g.writeName("locations");
    g.writeStartArray();
    g.writeStartObject();
    physicalLocation(g, f.position());
    if (f.resource() != null) {
      g.writeName("logicalLocations");
      g.writeStartArray();
      g.writeStartObject();
      g.writeStringProperty("name", f.field().isEmpty() ? f.resource().name() : f.field());
      g.writeStringProperty(
          "fullyQualifiedName",
          f.resource().describe() + (f.field().isEmpty() ? "" : " " + f.field()));
      g.writeStringProperty("kind", "object");
      g.writeEndObject();
      g.writeEndArray();
    }
    g.writeEndObject();
    g.writeEndArray();
    if (!f.related().isEmpty()) {
      g.writeName("relatedLocations");
      g.writeStartArray();
      for (int i = 0; i < f.related().size(); i++) {
        RelatedLocation r = f.related().get(i);
        g.writeStartObject();
        g.writeNumberProperty("id", i + 1);
        physicalLocation(g, r.position());
        text(g, "message", r.resource().describe());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    if (!edits.isEmpty()) {
      writeFix(g, f.fix().title(), edits);
    }
    g.writeEndObject();
  }

  /**
   * SARIF's fix: one artifactChange per file, each replacement a deleted region (columns in code
   * points, end exclusive, as the run's columnKind says) and the inserted text.
   */
  private static void writeFix(JsonGenerator g, String title, List<TextEdit> edits) {
    g.writeName("fixes");
    g.writeStartArray();
    g.writeStartObject();
    text(g, "description", title);
    g.writeName("artifactChanges");
    g.writeStartArray();
    java.util.Map<String, List<TextEdit>> byFile = new java.util.LinkedHashMap<>();
    edits.forEach(e -> byFile.computeIfAbsent(e.file(), k -> new java.util.ArrayList<>()).add(e));
    for (var file : byFile.entrySet()) {
      g.writeStartObject();
      g.writeName("artifactLocation");
      g.writeStartObject();
      g.writeStringProperty("uri", ArtifactUris.of(file.getKey()));
      g.writeEndObject();
      g.writeName("replacements");
      g.writeStartArray();
      for (TextEdit e : file.getValue()) {
        g.writeStartObject();
        g.writeName("deletedRegion");
        g.writeStartObject();
        g.writeNumberProperty("startLine", e.startLine());
        g.writeNumberProperty("startColumn", e.startColumn());
        g.writeNumberProperty("endLine", e.endLine());
        g.writeNumberProperty("endColumn", e.endColumn());
        g.writeEndObject();
        g.writeName("insertedContent");
        g.writeStartObject();
        g.writeStringProperty("text", e.replacement());
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndArray();
  }

  private static void physicalLocation(JsonGenerator g, SourcePosition p) {
    g.writeName("physicalLocation");
    g.writeStartObject();
    g.writeName("artifactLocation");
    g.writeStartObject();
    g.writeStringProperty("uri", ArtifactUris.of(p.file()));
    g.writeEndObject();
    if (p.inText()) {
      g.writeName("region");
      g.writeStartObject();
      g.writeNumberProperty("startLine", p.line());
      g.writeNumberProperty("startColumn", p.column());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void text(JsonGenerator g, String name, String text) {
    g.writeName(name);
    g.writeStartObject();
    g.writeStringProperty("text", text);
    g.writeEndObject();
  }

  static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }
}
