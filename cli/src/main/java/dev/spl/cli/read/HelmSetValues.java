package dev.spl.cli.read;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --helm-set} pairs read as {@code helm --set} reads them (Helm's strvals): pairs split on
 * commas outside braces, keys split on dots ({@code \.} for a literal one) with {@code name[n]}
 * list items, {@code {a,b}} a list, and the text {@code true}, {@code false}, {@code null} and
 * integers typed. helm-java passes each value to Helm as a string, so spl writes these as a values
 * file instead, given after the other values files as Helm orders them.
 */
public final class HelmSetValues {
  private HelmSetValues() {}

  private static final Pattern LIST_ITEM = Pattern.compile("^(.*)\\[(\\d+)]$");

  public static Map<String, Object> parse(List<String> sets) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String set : sets) {
      parseInto(out, set, true);
    }
    return out;
  }

  /**
   * A Flux valuesFrom {@code targetPath} and the text it names, as helm-controller sets it: {@code
   * path=text} read as --set reads it, or as --set-string does when the text is quoted (the quotes
   * dropped).
   */
  static Map<String, Object> atPath(String path, String text) {
    Map<String, Object> out = new LinkedHashMap<>();
    boolean quoted =
        text.length() >= 2
            && (text.startsWith("'") && text.endsWith("'")
                || text.startsWith("\"") && text.endsWith("\""));
    String value = quoted ? text.replaceAll("^['\"]+|['\"]+$", "") : text;
    parseInto(out, path + "=" + value, !quoted);
    return out;
  }

  private static void parseInto(Map<String, Object> out, String set, boolean typed) {
    for (String pair : split(set, ',', true)) {
      int eq = indexOfUnescaped(pair, '=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--helm-set takes KEY=VALUE, not '" + pair + "'");
      }
      String text = pair.substring(eq + 1);
      put(out, split(pair.substring(0, eq), '.', false), typed ? value(text) : unescape(text));
    }
  }

  private static Object value(String text) {
    if (text.startsWith("{") && text.endsWith("}")) {
      List<Object> list = new ArrayList<>();
      String inner = text.substring(1, text.length() - 1);
      if (!inner.isEmpty()) {
        for (String item : split(inner, ',', false)) {
          list.add(typed(item));
        }
      }
      return list;
    }
    return typed(text);
  }

  private static Object typed(String text) {
    String v = unescape(text);
    switch (v) {
      case "true":
        return true;
      case "false":
        return false;
      case "null":
        return null;
      case "0":
        return 0L;
      default:
        break;
    }
    if (!v.startsWith("0") && v.matches("-?[0-9]+")) {
      try {
        return Long.parseLong(v);
      } catch (NumberFormatException e) {
        return v; // beyond int64: Helm keeps the text
      }
    }
    return v;
  }

  @SuppressWarnings("unchecked")
  private static void put(Map<String, Object> into, List<String> keys, Object value) {
    Object node = into;
    for (int i = 0; i < keys.size(); i++) {
      String key = unescape(keys.get(i));
      int index = -1;
      Matcher m = LIST_ITEM.matcher(key);
      if (m.matches()) {
        key = m.group(1);
        index = Integer.parseInt(m.group(2));
      }
      Map<String, Object> map = (Map<String, Object>) node;
      boolean last = i == keys.size() - 1;
      if (index < 0) {
        if (last) {
          map.put(key, value);
        } else {
          if (!(map.get(key) instanceof Map)) {
            map.put(key, new LinkedHashMap<String, Object>());
          }
          node = map.get(key);
        }
        continue;
      }
      if (!(map.get(key) instanceof List)) {
        map.put(key, new ArrayList<Object>());
      }
      List<Object> list = (List<Object>) map.get(key);
      while (list.size() <= index) {
        list.add(null);
      }
      if (last) {
        list.set(index, value);
      } else {
        if (!(list.get(index) instanceof Map)) {
          list.set(index, new LinkedHashMap<String, Object>());
        }
        node = list.get(index);
      }
    }
  }

  /** {@code text} split on {@code sep} outside braces (when {@code braces}), keeping escapes. */
  private static List<String> split(String text, char sep, boolean braces) {
    List<String> out = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        part.append(c).append(text.charAt(++i));
        continue;
      }
      if (braces && c == '{') {
        depth++;
      } else if (braces && c == '}') {
        depth = Math.max(0, depth - 1);
      }
      if (c == sep && depth == 0) {
        out.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    out.add(part.toString());
    return out;
  }

  private static int indexOfUnescaped(String text, char c) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\\') {
        i++;
      } else if (text.charAt(i) == c) {
        return i;
      }
    }
    return -1;
  }

  private static String unescape(String text) {
    return text.replaceAll("\\\\(.)", "$1");
  }
}
