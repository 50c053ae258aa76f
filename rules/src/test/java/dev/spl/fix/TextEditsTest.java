package dev.spl.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Fix;
import dev.spl.model.SourcePosition;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Edits change the scalar and nothing else: quotes, comments and line endings stay. */
class TextEditsTest {
  private static String fixed(String text, int line, int column, String value) {
    Fix fix =
        new Fix(
            "t", List.of(new Fix.ScalarEdit(new SourcePosition("f.yaml", line, column), value)));
    List<TextEdit> edits = TextEdits.of(fix, "f.yaml", text);
    return TextEdits.apply(text, edits);
  }

  @Test
  void aPlainScalarStaysPlainWhenItReadsTheSame() {
    assertEquals("a: 24h # one day\n", fixed("a: 1d # one day\n", 1, 4, "24h"));
    assertEquals("a: /cart\n", fixed("a: cart\n", 1, 4, "/cart"));
  }

  @Test
  void aPlainScalarIsQuotedWhereItWouldTurnIntoANumber() {
    // an annotation value must stay a string: plain 172800 would be an integer
    assertEquals("a: \"172800\"\n", fixed("a: 48h\n", 1, 4, "172800"));
    assertEquals("a: \"true\"\n", fixed("a: x\n", 1, 4, "true"));
  }

  @Test
  void quotesAreKept() {
    assertEquals("a: '24h'\n", fixed("a: '1d'\n", 1, 4, "24h"));
    assertEquals("a: \"172800\"  # c\n", fixed("a: \"48h\"  # c\n", 1, 4, "172800"));
    assertEquals("a: 'it''s'\n", fixed("a: 'x'\n", 1, 4, "it's"));
  }

  @Test
  void flowMappingsCrlfAndLaterDocumentsKeepTheirShape() {
    assertEquals("r: {idle: 24h, b: 2}\r\n", fixed("r: {idle: 1d, b: 2}\r\n", 1, 11, "24h"));
    String stream = "a: 1\r\n---\r\n# é ü\r\nb: {c: \"ü\", d: 1d}\r\n";
    assertEquals("a: 1\r\n---\r\n# é ü\r\nb: {c: \"ü\", d: 24h}\r\n", fixed(stream, 4, 16, "24h"));
  }

  @Test
  void aScalarThatIsNotThereAnyMoreIsNotEdited() {
    Fix fix = new Fix("t", List.of(new Fix.ScalarEdit(new SourcePosition("f.yaml", 1, 5), "24h")));
    assertTrue(TextEdits.of(fix, "f.yaml", "a: 1d\n").isEmpty()); // column 5 starts no scalar
    assertTrue(TextEdits.of(fix, "other.yaml", "a: 1d\n").isEmpty());
    assertTrue(TextEdits.of(fix, "f.yaml", "a: |\n  1d\n").isEmpty()); // block scalars stay
    assertTrue(TextEdits.of(fix, "f.yaml", "a: [\n").isEmpty()); // no longer parses
  }

  @Test
  void overlappingEditsKeepTheFirst() {
    List<TextEdit> edits =
        List.of(
            new TextEdit("f", 3, 5, 1, 4, 1, 6, "xx"), new TextEdit("f", 4, 6, 1, 5, 1, 7, "yy"));
    assertEquals("a: xxc\n", TextEdits.apply("a: abc\n", edits));
  }

  @Test
  void aQuotedValueEscapesWhatDoubleQuotesNeed() {
    assertEquals("a: \"x\\\"y\\\\z\\n\\t\\x01\"\n", fixed("a: \"v\"\n", 1, 4, "x\"y\\z\n\t\u0001"));
    // a plain scalar that cannot stay plain (a colon, a leading dash) is double-quoted
    assertEquals("a: \"k: v\"\n", fixed("a: v\n", 1, 4, "k: v"));
    assertEquals("a: \"-x\"\n", fixed("a: v\n", 1, 4, "-x"));
    assertEquals("a: \"\"\n", fixed("a: v\n", 1, 4, ""));
  }

  @Test
  void editsApplyInTextOrderWhateverOrderTheyCome() {
    List<TextEdit> edits =
        List.of(new TextEdit("f", 6, 7, 1, 7, 1, 8, "Z"), new TextEdit("f", 0, 1, 1, 1, 1, 2, "A"));
    assertEquals("AbcdefZ", TextEdits.apply("abcdefg", edits));
    // edits that touch but do not overlap are both made
    List<TextEdit> adjacent =
        List.of(new TextEdit("f", 2, 4, 1, 3, 1, 5, "X"), new TextEdit("f", 0, 2, 1, 1, 1, 3, "Y"));
    assertEquals("YXef", TextEdits.apply("abcdef", adjacent));
  }

  /** The mapping at 2:3 of {@code text} written again as {b: <a's value>, c: {d: <d's value>}}. */
  private static String reshaped(String text, int aLine, int aColumn, int dLine, int dColumn) {
    SourcePosition at = new SourcePosition("f.yaml", 2, 3);
    Fix fix =
        new Fix(
            "t",
            List.of(),
            List.of(
                new Fix.MappingEdit(
                    at,
                    List.of(
                        Fix.Entry.copied("b", new SourcePosition("f.yaml", aLine, aColumn)),
                        Fix.Entry.mapping(
                            "c",
                            List.of(
                                Fix.Entry.copied(
                                    "d", new SourcePosition("f.yaml", dLine, dColumn))))))));
    List<TextEdit> edits = TextEdits.of(fix, "f.yaml", text);
    return edits.isEmpty() ? null : TextEdits.apply(text, edits);
  }

  @Test
  void aMappingIsWrittenAgainFromItsOwnScalarsAtItsIndentation() {
    assertEquals(
        "x:\n  b: 'one'\n  c:\n    d: \"two\"\n# after\n",
        reshaped("x:\n  a: 'one'\n  e:\n    d: \"two\"\n# after\n", 2, 6, 4, 8));
  }

  @Test
  void aMappingWithAValueOverSeveralLinesOrABlockScalarIsLeftAlone() {
    assertEquals(null, reshaped("x:\n  a: 'one\n    more'\n  e:\n    d: two\n", 2, 6, 5, 8));
    assertEquals(null, reshaped("x:\n  a: |\n    one\n  e:\n    d: two\n", 2, 6, 5, 8));
    assertEquals(null, reshaped("x:\n  a: one\n  e:\n    d: two\n", 2, 6, 9, 9), "no scalar there");
    assertEquals(null, reshaped("x: {a: one}\n", 1, 5, 1, 5), "no mapping starts at 2:3");
  }

  @Test
  void positionsCountCodePointsWhereTheTextHasSurrogatePairs() {
    // each emoji is two chars and one code point: the edit must land on the scalar all the same,
    // in a document long enough that offsets are found walking on, not from its start each time
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 2_000; i++) {
      text.append("k").append(i).append(": \"\uD83D\uDE00 ").append(i).append("\"\n");
    }
    text.append("last: 1d\n");
    assertEquals(
        text.toString().replace("last: 1d", "last: 24h"), fixed(text.toString(), 2_001, 7, "24h"));
    assertEquals(
        "x:\n  b: '\uD83D\uDE00'\n  c:\n    d: two\n",
        reshaped("x:\n  a: '\uD83D\uDE00'\n  e:\n    d: two\n", 2, 6, 4, 8));
  }
}
