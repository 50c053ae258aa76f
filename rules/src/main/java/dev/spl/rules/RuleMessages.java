package dev.spl.rules;

import dev.spl.model.MessageTemplate;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * What a rule says: the {@link MessageTemplate} constants on its class (and its bases), in the
 * order written, after the rows of its table when it has one ({@link TableMessages}). Every finding
 * of a rule is one of them filled in ({@code MessageTemplatesTest}); the rule pages, {@code spl
 * rules --format messages} and the policy generator read them here.
 */
public final class RuleMessages {
  private RuleMessages() {}

  /** {@code rule}'s templates: every rule has some ({@code MessageTemplatesTest}). */
  public static List<MessageTemplate> of(Rule rule) {
    List<MessageTemplate> out = new ArrayList<>();
    if (rule instanceof TableMessages table) {
      out.addAll(table.tableMessages());
    }
    // the rule's class and the bases it shares with its kin (the CRD validation rules')
    for (Class<?> c = rule.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == MessageTemplate.class) {
          try {
            f.setAccessible(true);
            MessageTemplate t = (MessageTemplate) f.get(null);
            if (!out.contains(t)) {
              out.add(t);
            }
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(rule.info().id() + "'s " + f.getName(), e);
          }
        }
      }
    }
    return out;
  }
}
