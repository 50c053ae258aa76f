package dev.spl.rules.cel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.schema.CelPrograms;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shipped checked ASTs must be those of the rules' expressions today. After changing an
 * expression, regenerate the file with {@code mvn -pl rules test -Dtest=CelPrecompiledTest
 * -Dspl.update-cel=true} and commit it.
 */
class CelPrecompiledTest {
  private static final Path SOURCE = Path.of("src/main/resources" + CelPrograms.PRECOMPILED);

  static List<String> expressions() {
    return BuiltInRules.all().stream()
        .filter(CrdValidationRule.class::isInstance)
        .flatMap(r -> ((CrdValidationRule) r).checks().stream())
        .map(CrdValidationRule.CrdCheck::expression)
        .distinct()
        .toList();
  }

  @Test
  void shippedAstsMatchTheRules() throws IOException {
    byte[] fresh = CelPrograms.precompile(expressions());
    if (Boolean.getBoolean("spl.update-cel")) {
      Files.createDirectories(SOURCE.getParent());
      Files.write(SOURCE, fresh);
      return; // generator mode; the next plain run checks what was written
    }
    try (InputStream in = CelPrograms.class.getResourceAsStream(CelPrograms.PRECOMPILED)) {
      assertNotNull(in, CelPrograms.PRECOMPILED + " is not on the class path");
      assertArrayEquals(
          fresh,
          in.readAllBytes(),
          "stale " + SOURCE + "; regenerate it with -Dspl.update-cel=true (see this class)");
    }
  }

  @Test
  void anExpressionThatWasNotShippedIsCompiledOnTheSpot() {
    Map<String, Object> cookie = Map.of("type", "Cookie");
    assertInstanceOf(
        CelPrograms.Passed.class, CelPrograms.evaluate("self.type == 'Cookie'", cookie));
    assertInstanceOf(
        CelPrograms.Failed.class, CelPrograms.evaluate("self.type == 'Header'", cookie));
    assertEquals(
        new CelPrograms.EvaluationError("no such key: cookie"),
        CelPrograms.evaluate("self.cookie.name == 'x'", cookie));
  }
}
