package dev.spl.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A finding's message with named slots, {@code {name}}: written once on the rule, filled in by its
 * Java check with values and by its API-server policy with CEL expressions, so the two cannot say
 * different things.
 */
public final class MessageTemplate {
  private static final Pattern SLOT = Pattern.compile("\\{([a-zA-Z][a-zA-Z0-9]*)}");

  private final String text;
  private final List<String> literals; // one more than slots: text between and around them
  private final List<String> slots; // in order of appearance, repeats included

  private MessageTemplate(String text, List<String> literals, List<String> slots) {
    this.text = text;
    this.literals = literals;
    this.slots = slots;
  }

  public static MessageTemplate of(String text) {
    List<String> literals = new ArrayList<>();
    List<String> slots = new ArrayList<>();
    Matcher m = SLOT.matcher(text);
    int at = 0;
    while (m.find()) {
      literals.add(text.substring(at, m.start()));
      slots.add(m.group(1));
      at = m.end();
    }
    literals.add(text.substring(at));
    return new MessageTemplate(text, List.copyOf(literals), List.copyOf(slots));
  }

  /** The message with each slot given as {@code name, value, name, value, ...}. */
  public String format(Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("names and values come in pairs: " + text);
    }
    Map<String, Object> values = new java.util.HashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      values.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return fill(values);
  }

  /** The message with each slot filled from {@code values}, which must name every slot, no more. */
  public String fill(Map<String, ?> values) {
    if (!values.keySet().equals(slotNames())) {
      throw new IllegalArgumentException(
          "the template " + text + " has slots " + slotNames() + ", given " + values.keySet());
    }
    StringBuilder out = new StringBuilder(literals.get(0));
    for (int i = 0; i < slots.size(); i++) {
      out.append(values.get(slots.get(i))).append(literals.get(i + 1));
    }
    return out.toString();
  }

  /** Whether {@code message} could be this template filled in: its literals in order, any slots. */
  public boolean matches(String message) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < literals.size(); i++) {
      p.append(Pattern.quote(literals.get(i)));
      if (i < literals.size() - 1) {
        p.append(".*");
      }
    }
    return Pattern.compile(p.toString(), Pattern.DOTALL).matcher(message).matches();
  }

  /** The text before, between and after the slots: one more than {@link #slots()}. */
  public List<String> literals() {
    return literals;
  }

  /** The slots in order of appearance, a slot used twice listed twice. */
  public List<String> slots() {
    return slots;
  }

  public Set<String> slotNames() {
    return new LinkedHashSet<>(slots);
  }

  @Override
  public String toString() {
    return text;
  }
}
