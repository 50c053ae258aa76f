package dev.spl.policy;

import dev.spl.model.MessageTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CEL written as CEL: a text block with named slots, {@code ${name}}, filled with other CEL, and a
 * rule's {@link MessageTemplate} turned into the CEL string expression that says the same message.
 * Lines are joined with one space, so an expression may be laid out over several lines as long as
 * no string literal is broken across two.
 */
public final class Cel {
  private static final Pattern SLOT = Pattern.compile("\\$\\{([a-zA-Z][a-zA-Z0-9]*)}");

  private Cel() {}

  /**
   * {@code text} on one line, each {@code ${name}} replaced as given: name, CEL, name, CEL, ....
   */
  public static String of(String text, String... namesAndExpressions) {
    Map<String, String> slots = pairs(namesAndExpressions);
    StringBuilder out = new StringBuilder();
    Matcher m = SLOT.matcher(oneLine(text));
    Set<String> used = new HashSet<>();
    while (m.find()) {
      String expression = slots.get(m.group(1));
      if (expression == null) {
        throw new IllegalArgumentException("no CEL given for ${" + m.group(1) + "} in " + text);
      }
      used.add(m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(expression));
    }
    m.appendTail(out);
    if (!used.equals(slots.keySet())) {
      throw new IllegalArgumentException("unused slots " + slots.keySet() + " for " + text);
    }
    return out.toString();
  }

  /**
   * The CEL string expression for {@code template}, each slot filled by the CEL given for it (name,
   * CEL, name, CEL, ...), which must evaluate to a string.
   */
  public static String message(MessageTemplate template, String... namesAndExpressions) {
    Map<String, String> slots = pairs(namesAndExpressions);
    if (!slots.keySet().equals(template.slotNames())) {
      throw new IllegalArgumentException(
          "the template "
              + template
              + " has slots "
              + template.slotNames()
              + ", given CEL for "
              + slots.keySet());
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < template.literals().size(); i++) {
      String literal = template.literals().get(i);
      if (!literal.isEmpty() || template.slots().isEmpty()) {
        parts.add(quote(literal));
      }
      if (i < template.slots().size()) {
        parts.add("(" + oneLine(slots.get(template.slots().get(i))) + ")");
      }
    }
    return String.join(" + ", parts);
  }

  /** A CEL string literal, single-quoted. */
  public static String quote(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  /** The lines joined by one space; a line that goes on with a member (".map(") by none. */
  private static String oneLine(String text) {
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n")) {
      String part = line.strip();
      if (part.isEmpty()) {
        continue;
      }
      if (out.length() > 0 && !part.startsWith(".")) {
        out.append(' ');
      }
      out.append(part);
    }
    return out.toString();
  }

  private static Map<String, String> pairs(String... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("names and CEL come in pairs");
    }
    Map<String, String> out = new HashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      out.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return out;
  }
}
