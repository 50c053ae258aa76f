package dev.spl.load;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a directory walk leaves out as no Kubernetes object a cluster would run, and why: Go
 * templates outside a chart, JSON with comments, files that are neither YAML spl can read nor look
 * like manifests, tool configurations that borrow {@code apiVersion}/{@code kind} (kind clusters,
 * kubeadm, skaffold, conformance reports, GEP metadata), and nameless objects (decoder test
 * inputs). A file named on the command line is never judged here: it is read strictly.
 */
public final class NonManifests {
  private NonManifests() {}

  // A Go template action as Helm, helmfile, krew and Traefik's file provider write them. Linear:
  // one optional dash, spaces, then one token.
  private static final Pattern GO_TEMPLATE =
      Pattern.compile(
          "\\{\\{-?\\s*(?:[.$]|/\\*|(?:if|else|end|range|with|define|template|include|block|toYaml"
              + "|tpl|printf|quote|default|required|fail|lookup|env|index|len|not|and|or)\\b)");

  private static final Pattern MANIFEST_KEY =
      Pattern.compile("(?m)^[ \\t-]*\"?(?:apiVersion|kind)\"?[ \\t]*:");

  private static final Pattern JSON_COMMENT = Pattern.compile("(?m)^[ \\t]*(?://|/\\*)");

  /** True when {@code text} holds Go template actions (a template outside a Helm chart). */
  static boolean templated(CharSequence text) {
    return GO_TEMPLATE.matcher(text).find();
  }

  /**
   * Why one parsed document of a Go-templated file is not linted as written, or empty when it may
   * be: a template action in its name or namespace (which object it is, what names it), under
   * {@code spec}, or under a key about sessions would be judged as literal text, which the
   * rendering replaces. A template elsewhere (a ConfigMap's {@code domain-template}, a label) does
   * not change what spl reads.
   */
  static Optional<String> templatedDocument(Node root) {
    if (!(root instanceof MapNode map)) {
      return Optional.empty();
    }
    // an ApplicationSet's spec holds its controller's templates, which spl fills (ApplicationSets)
    boolean applicationSet =
        "ApplicationSet".equals(map.string("kind"))
            && map.string("apiVersion") != null
            && map.string("apiVersion").startsWith("argoproj.io/");
    for (MapNode.Entry e : map.entries()) {
      String key = e.key();
      if (key.equals("spec") && applicationSet) {
        continue;
      }
      if (key.equals("spec") || SessionWords.in(key)) {
        if (holdsTemplate(e.value())) {
          return Optional.of(
              "a Go template action in " + key + ": not what spl reads until rendered");
        }
      } else if (key.equals("metadata") && e.value() instanceof MapNode metadata) {
        for (MapNode.Entry m : metadata.entries()) {
          boolean identity = m.key().equals("name") || m.key().equals("namespace");
          boolean sessionAnnotations =
              m.key().equals("annotations")
                  && m.value() instanceof MapNode annotations
                  && annotations.entries().stream()
                      .anyMatch(a -> SessionWords.in(a.key()) && holdsTemplate(a.value()));
          if ((identity && holdsTemplate(m.value())) || sessionAnnotations) {
            return Optional.of(
                "a Go template action in metadata."
                    + m.key()
                    + ": not what spl reads until rendered");
          }
        }
      }
    }
    return Optional.empty();
  }

  private static boolean holdsTemplate(Node node) {
    if (node instanceof ScalarNode s) {
      return s.value() instanceof String text && templated(text);
    }
    if (node instanceof MapNode map) {
      for (MapNode.Entry e : map.entries()) {
        if (templated(e.key()) || holdsTemplate(e.value())) {
          return true;
        }
      }
    } else if (node instanceof ListNode list) {
      for (Node item : list.items()) {
        if (holdsTemplate(item)) {
          return true;
        }
      }
    }
    return false;
  }

  // A placeholder another tool fills before the file is YAML: {name}, %name%, %{name}, ${name}.
  // Linear: a fixed token between fixed delimiters.
  private static final Pattern PLACEHOLDER =
      Pattern.compile(
          "(?<![{$])\\{[A-Za-z_][\\w.-]*}(?!})|%\\{?[A-Za-z_][\\w.-]*[%}]|\\$\\{[A-Za-z_][\\w.-]*}");

  /** Why a file that fails to parse is no manifest, or empty when its error is worth reporting. */
  static Optional<String> afterSyntaxError(String name, String text, LoadProblem first) {
    if (name.endsWith(".json") && JSON_COMMENT.matcher(text).find()) {
      return Optional.of("JSON with comments");
    }
    Optional<String> placeholder = placeholderNear(text, first.position().line());
    if (placeholder.isPresent()) {
      return Optional.of(
          "a placeholder ("
              + placeholder.get()
              + ") at the YAML error on line "
              + first.position().line()
              + ": a template another tool fills, not YAML as written");
    }
    if (!MANIFEST_KEY.matcher(text).find()) {
      return Optional.of(
          "not YAML spl can read (syntax error at "
              + first.position().line()
              + ":"
              + first.position().column()
              + ") and no Kubernetes object");
    }
    return Optional.empty();
  }

  /** The placeholder on line {@code line} (1-based) or the line above it, where YAML broke. */
  static Optional<String> placeholderNear(String text, int line) {
    String[] lines = text.split("\n", -1);
    for (int i = Math.min(line, lines.length) - 1; i >= Math.max(0, line - 2); i--) {
      java.util.regex.Matcher m = PLACEHOLDER.matcher(lines[i]);
      if (m.find()) {
        return Optional.of(m.group());
      }
    }
    return Optional.empty();
  }

  /**
   * Why a mapping that names an apiVersion or kind is no object a cluster would run, or empty when
   * it is one or may be a broken one (no apiVersion: the caller judges by its kind).
   */
  static Optional<String> document(MapNode map) {
    String apiVersion = map.string("apiVersion");
    String kind = map.string("kind");
    if (kind == null || kind.isEmpty()) {
      return Optional.of("no kind");
    }
    String group = apiVersion == null ? null : ResourceRef.groupOf(apiVersion);
    if (group != null && isToolConfiguration(group, kind)) {
      return Optional.of(
          "tool configuration (" + apiVersion + " " + kind + "), not an object a cluster runs");
    }
    MapNode metadata = map.map("metadata");
    String name = metadata == null ? null : metadata.string("name");
    if ((name == null || name.isEmpty()) && metadata != null) {
      name = metadata.string("generateName");
    }
    if (name == null || name.isEmpty()) {
      return Optional.of(kind + " without metadata.name");
    }
    return Optional.empty();
  }

  private static boolean isToolConfiguration(String group, String kind) {
    return group.equals("kind.x-k8s.io")
        || group.equals("kubeadm.k8s.io")
        || group.equals("config.k8s.io")
        || group.endsWith(".config.k8s.io")
        || group.equals("config.kubernetes.io")
        || group.equals("skaffold")
        || group.equals("k3d.io")
        || group.equals("ctlptl.dev")
        || group.equals("kuttl.dev")
        || group.equals("chainsaw.kyverno.io")
        || group.equals("cli.kyverno.io")
        || group.equals("install.istio.io")
        || group.equals("internal.gateway.networking.k8s.io")
        || group.equals("audit.k8s.io")
        || (group.equals("gateway.envoyproxy.io") && kind.equals("EnvoyGateway"))
        || (group.equals("gateway.networking.k8s.io") && kind.equals("ConformanceReport"));
  }
}
