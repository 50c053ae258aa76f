package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.KindCatalogue;
import dev.spl.model.Kinds;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A kind's name is written once, in {@link Kinds}: code elsewhere names it by constant, so a kind
 * renamed or mistyped is a compile error, not a rule that silently matches nothing.
 */
class KindLiteralsTest {
  private static final Pattern LITERAL = Pattern.compile("\"([A-Z][A-Za-z]+)\"");

  static Set<String> kindNames() throws IllegalAccessException {
    Set<String> names = new TreeSet<>();
    for (Field f : Kinds.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        names.add((String) f.get(null));
      }
    }
    return names;
  }

  @Test
  void everyCatalogueKindHasItsConstantAndNoOther() throws Exception {
    Set<String> catalogue = new TreeSet<>();
    KindCatalogue.all().forEach(k -> catalogue.add(k.kind()));
    assertEquals(catalogue, kindNames());
  }

  @Test
  void noKindIsWrittenAsAStringOutsideKinds() throws Exception {
    Set<String> kinds = kindNames();
    List<String> found = new ArrayList<>();
    for (String module : List.of("rules", "cli", "webhook")) {
      Path root = Path.of("..", module, "src", "main", "java");
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          if (f.getFileName().toString().equals("Kinds.java")) {
            continue;
          }
          scan(f, kinds, found);
        }
      }
    }
    assertTrue(found.isEmpty(), "kinds written as strings; use dev.spl.model.Kinds: " + found);
  }

  private static void scan(Path file, Set<String> kinds, List<String> found) throws IOException {
    List<String> lines = Files.readAllLines(file);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) {
        continue; // prose may name a kind
      }
      Matcher m = LITERAL.matcher(line);
      while (m.find()) {
        if (kinds.contains(m.group(1))) {
          found.add(file.getFileName() + ":" + (i + 1) + " \"" + m.group(1) + "\"");
        }
      }
    }
  }
}
