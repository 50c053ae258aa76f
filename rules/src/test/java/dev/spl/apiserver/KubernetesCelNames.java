package dev.spl.apiserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An object as Kubernetes' CEL sees it: a property whose name is a CEL reserved word is reached as
 * {@code __word__} ({@code targetRef.__namespace__}, as Gateway API's own CRD rules write it), so a
 * policy that wrote {@code .namespace} would not compile at the API server. The tests evaluate
 * policies over objects renamed this way, so such a policy fails here too.
 */
final class KubernetesCelNames {
  /** CEL's reserved words (cel-spec, "Syntax"). */
  static final Set<String> RESERVED =
      Set.of(
          "true",
          "false",
          "null",
          "in",
          "as",
          "break",
          "const",
          "continue",
          "else",
          "for",
          "function",
          "if",
          "import",
          "let",
          "loop",
          "package",
          "namespace",
          "return",
          "var",
          "void",
          "while");

  private KubernetesCelNames() {}

  @SuppressWarnings("unchecked")
  static Object escaped(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      ((Map<String, Object>) map)
          .forEach((k, v) -> out.put(RESERVED.contains(k) ? "__" + k + "__" : k, escaped(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(escaped(v)));
      return out;
    }
    return value;
  }
}
