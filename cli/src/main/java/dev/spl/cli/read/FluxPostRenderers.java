package dev.spl.cli.read;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Flux HelmRelease's {@code postRenderers}: helm-controller passes what the chart renders through
 * each one's {@code kustomize} (its {@code patches} and {@code images}, and the older {@code
 * patchesStrategicMerge} and {@code patchesJson6902}) in order before it installs, so spl lints
 * what they leave, made by the real kustomize. The patches' values, placed in the HelmRelease file,
 * are where a finding on a value they set is reported.
 */
public final class FluxPostRenderers {
  private static final List<String> FIELDS =
      List.of("patches", "images", "patchesStrategicMerge", "patchesJson6902");

  private FluxPostRenderers() {}

  /**
   * What the post-renderers leave of {@code rendered}: its text (unchanged when there are none),
   * the patch documents as written in the HelmRelease, or why kustomize would not apply them.
   */
  record Outcome(String text, List<Node> written, String failure) {}

  /** True when {@code hr} has a post-renderer spl applies. */
  static boolean any(Resource hr) {
    return !kustomizations(hr).isEmpty();
  }

  static Outcome apply(Resource hr, String rendered, KustomizeTool kustomize) {
    List<MapNode> steps = kustomizations(hr);
    if (steps.isEmpty()) {
      return new Outcome(rendered, List.of(), null);
    }
    if (kustomize == null || !kustomize.available()) {
      return new Outcome(
          null,
          List.of(),
          "its postRenderers need kustomize: "
              + (kustomize == null ? "none here" : kustomize.whyNot()));
    }
    Path file = Path.of(hr.file()).toAbsolutePath().normalize();
    String text = rendered;
    List<Node> written = new ArrayList<>();
    for (MapNode step : steps) {
      Path dir = null;
      try {
        dir = Files.createTempDirectory("spl-postrender");
        Files.writeString(dir.resolve("rendered.yaml"), text);
        Files.writeString(dir.resolve("kustomization.yaml"), "resources: [rendered.yaml]\n");
        KustomizeTool.Build built = kustomize.build(dir, List.of(), options(step));
        if (!built.made()) {
          return new Outcome(
              null, List.of(), "kustomize refuses its postRenderers: " + built.error());
        }
        text = built.output();
      } catch (IOException e) {
        return new Outcome(null, List.of(), "cannot write its rendering: " + e.getMessage());
      } finally {
        KustomizeTool.deleteQuietly(dir);
      }
      written.addAll(patchDocuments(step, file, hr));
    }
    return new Outcome(text, written, null);
  }

  /** The {@code kustomize} of each post-renderer that has fields spl applies, in order. */
  private static List<MapNode> kustomizations(Resource hr) {
    MapNode spec = hr.spec();
    List<MapNode> out = new ArrayList<>();
    if (spec != null && spec.get("postRenderers") instanceof ListNode list) {
      for (Node n : list.items()) {
        if (n instanceof MapNode m
            && m.map("kustomize") != null
            && FIELDS.stream().anyMatch(m.map("kustomize")::has)) {
          out.add(m.map("kustomize"));
        }
      }
    }
    return out;
  }

  /** The post-renderer's fields as kustomization YAML. */
  private static String options(MapNode step) {
    Map<String, Object> options = new LinkedHashMap<>();
    for (String key : FIELDS) {
      if (step.get(key) != null) {
        Object value = step.get(key).toPlain();
        if (key.equals("patchesStrategicMerge") && value instanceof List<?> objects) {
          // Flux writes each as an object; kustomize takes each as a YAML document
          List<Object> documents = new ArrayList<>();
          for (Object o : objects) {
            documents.add(o instanceof String s ? s : YamlText.of(o));
          }
          value = documents;
        }
        if (key.equals("patchesJson6902") && value instanceof List<?> items) {
          List<Object> patches = new ArrayList<>();
          for (Object item : items) {
            if (item instanceof Map<?, ?> m && m.get("patch") instanceof List<?> ops) {
              Map<Object, Object> copy = new LinkedHashMap<>(m);
              copy.put("patch", YamlText.of(ops));
              patches.add(copy);
            } else {
              patches.add(item);
            }
          }
          value = patches;
        }
        options.put(key, value);
      }
    }
    return YamlText.of(options);
  }

  /** Where the post-renderer's patches write their values: in the HelmRelease's file. */
  private static List<Node> patchDocuments(MapNode step, Path file, Resource hr) {
    String shown = hr.position().file();
    List<Node> out = new ArrayList<>();
    if (step.get("patches") instanceof ListNode patches) {
      for (Node n : patches.items()) {
        if (n instanceof MapNode m
            && m.get("patch") instanceof ScalarNode s
            && s.value() instanceof String text) {
          out.addAll(KustomizeOrigins.inlineAt(file, shown, text, m.entry("patch").keyPosition()));
        }
      }
    }
    if (step.get("patchesStrategicMerge") instanceof ListNode objects) {
      out.addAll(objects.items());
    }
    if (step.get("patchesJson6902") instanceof ListNode items) {
      for (Node n : items.items()) {
        if (n instanceof MapNode m && m.get("patch") != null) {
          out.add(m.get("patch"));
        }
      }
    }
    return out;
  }
}
