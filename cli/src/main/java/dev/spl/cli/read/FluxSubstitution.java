package dev.spl.cli.read;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flux's post-build variable substitution ({@code spec.postBuild.substitute}/{@code
 * substituteFrom}), as kustomize-controller applies it to each object of a build with drone's
 * envsubst: {@code ${var}} and {@code $var}, the defaults {@code ${var:=x}}, {@code ${var:-x}}
 * (when unset or empty), {@code ${var=x}}, {@code ${var-x}} (when unset), {@code $$} for a literal
 * {@code $}; an object labelled or annotated {@code kustomize.toolkit.fluxcd.io/substitute:
 * disabled} is left alone. Where Flux would substitute a variable spl does not know (one from a
 * Secret, or a ConfigMap not in the repository), the text stays as written: spl cannot tell its
 * value, and an empty string would be a guess.
 */
public final class FluxSubstitution {
  static final String DISABLED = "kustomize.toolkit.fluxcd.io/substitute: disabled";
  // $$, ${name[op default]}, $name; the default runs to the first '}' (no nesting)
  private static final Pattern VARIABLE =
      Pattern.compile(
          "\\$\\$|\\$\\{([_A-Za-z][_A-Za-z0-9]*)(?:(:?[=-])([^}]*))?}|\\$([_A-Za-z][_A-Za-z0-9]*)");

  private final Map<String, String> vars;
  private final boolean complete;
  private final java.util.Set<String> unresolved = new java.util.TreeSet<>();

  /**
   * @param vars the variables known, later sources already over earlier ones
   * @param complete true when every source of variables was read: an unknown variable is then
   *     unset, as in Flux (its default applies, else it is empty)
   */
  FluxSubstitution(Map<String, String> vars, boolean complete) {
    this.vars = vars;
    this.complete = complete;
  }

  /** A build's YAML stream with each object substituted (objects that opt out left as they are). */
  String apply(String stream) {
    if (vars.isEmpty()) {
      return stream; // Flux substitutes only when some variable is set
    }
    StringBuilder out = new StringBuilder(stream.length());
    int start = 0;
    Matcher separator = Pattern.compile("(?m)^---[ \\t]*$").matcher(stream);
    while (separator.find()) {
      out.append(document(stream.substring(start, separator.start())));
      out.append(separator.group());
      start = separator.end();
    }
    out.append(document(stream.substring(start)));
    return out.toString();
  }

  private String document(String text) {
    return text.contains(DISABLED) || text.contains(DISABLED.replace(": ", ": \"") + "\"")
        ? text
        : substitute(text);
  }

  /**
   * The variables left as written because a source spl could not read may set them (after {@link
   * #apply}).
   */
  java.util.Set<String> unresolved() {
    return unresolved;
  }

  /** True when {@code text} still holds one of {@code names} as a variable. */
  static boolean holds(String text, java.util.Set<String> names) {
    Matcher m = VARIABLE.matcher(text);
    while (m.find()) {
      String name = m.group(1) != null ? m.group(1) : m.group(4);
      if (name != null && names.contains(name)) {
        return true;
      }
    }
    return false;
  }

  /** {@code text} with its variables substituted. */
  String substitute(String text) {
    Matcher m = VARIABLE.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(replacement(m)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private String replacement(Matcher m) {
    if (m.group().equals("$$")) {
      return "$";
    }
    String name = m.group(1) != null ? m.group(1) : m.group(4);
    String value = vars.get(name);
    String op = m.group(2);
    if (value == null) {
      // unset: its default, else empty, as Flux; unless a source spl could not read may set it
      if (!complete) {
        unresolved.add(name);
        return m.group();
      }
      return op != null ? m.group(3) : "";
    }
    return op != null && op.startsWith(":") && value.isEmpty() ? m.group(3) : value;
  }
}
