package dev.spl.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.spl.Lint;
import dev.spl.fix.TextEdit;
import dev.spl.fix.TextEdits;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SPL027's fix: quote a value only where the string is right for the field, as written. */
class WrongTypeFixTest {
  static final String FILE = "<test>";

  static String route(String persistence) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: ns}
        spec:
          rules:
          - backendRefs: [{name: s, port: 80}]
            sessionPersistence:
        %s
        """
        .formatted(persistence.indent(6).stripTrailing());
  }

  static Finding only(String yaml) {
    List<Finding> f = Lint.of("SPL027", yaml, GatewayApiVersion.NEWEST_RELEASE);
    assertEquals(1, f.size(), f.toString());
    return f.get(0);
  }

  static String fixed(String yaml) {
    Finding f = only(yaml);
    assertNotNull(f.fix(), f.message());
    List<TextEdit> edits = TextEdits.of(f.fix(), f.position().file(), yaml);
    return edits.isEmpty() ? null : TextEdits.apply(yaml, edits);
  }

  @Test
  void aNumberedSessionNameIsQuoted() {
    String yaml = route("sessionName: 42");
    assertEquals(route("sessionName: \"42\""), fixed(yaml));
  }

  @Test
  void aBooleanNameIsQuoted() {
    assertEquals(route("sessionName: \"true\""), fixed(route("sessionName: true")));
  }

  @Test
  void aNumberThatIsNoDurationQuotedGetsNoFix() {
    assertNull(only(route("absoluteTimeout: 3600")).fix(), "\"3600\" would be SPL021");
  }

  @Test
  void aNumberWrittenOtherwiseThanItReadsIsLeftAlone() {
    assertNull(fixed(route("sessionName: 0o17")), "0o17 reads as 15: which string was meant?");
  }
}
