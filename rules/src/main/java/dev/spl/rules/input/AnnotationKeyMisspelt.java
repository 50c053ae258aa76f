package dev.spl.rules.input;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.Fix;
import dev.spl.model.KindRole;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * SPL005: an annotation key under a controller's prefix that the controller does not read, a small
 * slip from one of its sticky-session keys ({@code session-cookie-maxage}, {@code
 * sesion-cookie-name}). The API server accepts any annotation and the controller ignores it, so the
 * setting silently does nothing: the drop spl exists to catch. The keys each controller reads are
 * data, read from each controller's source ({@code annotation-keys.txt} beside this class).
 */
@RuleDefinition(
    id = "SPL005",
    name = "annotation-key-misspelt",
    severity = Severity.WARNING,
    summary =
        "An annotation key a controller does not read, a slip from one of its sticky-session keys.",
    noPolicyBecause = NoPolicy.TOO_COSTLY_FOR_CEL,
    noPolicyDetail = "an edit distance to every key a controller reads",
    fixable = true)
public final class AnnotationKeyMisspelt implements ResourceRule {
  public static final MessageTemplate MESSAGE =
      MessageTemplate.of("{key} is no key {controller} reads; did you mean {meant}?");
  public static final MessageTemplate REPLACED =
      MessageTemplate.of(
          "{key} is read by no {controller} since {release}: it became {meant}, on the Service");

  @Override
  public Inputs inputs() {
    return Inputs.NONE
        .andAnnotations(
            KindRole.SERVICE, PREFIXES.stream().map(Prefix::prefix).toArray(String[]::new))
        .andAnnotations(
            KindRole.INGRESS, PREFIXES.stream().map(Prefix::prefix).toArray(String[]::new));
  }

  /** One controller's annotation prefix and the keys it reads under it. */
  record Prefix(
      String prefix,
      String controller,
      boolean caseInsensitive,
      Set<String> keys,
      List<String> sticky,
      Map<String, Replaced> replaced) {
    boolean reads(String name) {
      return keys.contains(caseInsensitive ? name.toLowerCase(Locale.ROOT) : name);
    }
  }

  /** A sticky-session key the controller stopped reading, and what it reads instead. */
  record Replaced(String by, String release) {}

  static final List<Prefix> PREFIXES = load();

  private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(2);

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    if (resource.role() != KindRole.INGRESS && resource.role() != KindRole.SERVICE) {
      return;
    }
    MapNode annotations = resource.annotations();
    if (annotations == null) {
      return;
    }
    for (MapNode.Entry a : annotations.entries()) {
      for (Prefix p : PREFIXES) {
        if (!a.key().startsWith(p.prefix())) {
          continue;
        }
        String name = a.key().substring(p.prefix().length());
        Replaced gone =
            p.replaced().get(p.caseInsensitive() ? name.toLowerCase(Locale.ROOT) : name);
        if (gone != null) {
          String full = p.prefix() + gone.by();
          boolean renamable =
              resource.role() == KindRole.SERVICE
                  && annotations.get(full) == null
                  && a.keyPosition() != null
                  && a.keyPosition().inText();
          reporter.report(
              info(),
              resource,
              FieldPath.of("metadata", "annotations", a.key()),
              REPLACED.format(
                  "key",
                  name,
                  "controller",
                  p.controller(),
                  "release",
                  gone.release(),
                  "meant",
                  gone.by()),
              renamable
                  ? new Fix("rename to " + full, List.of(new Fix.ScalarEdit(a.keyPosition(), full)))
                  : null);
          continue;
        }
        String meant = meant(p, name);
        if (meant != null) {
          String full = p.prefix() + meant;
          reporter.report(
              info(),
              resource,
              FieldPath.of("metadata", "annotations", a.key()),
              MESSAGE.format("key", name, "controller", p.controller(), "meant", meant),
              annotations.get(full) == null && a.keyPosition() != null && a.keyPosition().inText()
                  ? new Fix("rename to " + full, List.of(new Fix.ScalarEdit(a.keyPosition(), full)))
                  : null); // both written: which value is meant is the author's call
        }
      }
    }
  }

  /**
   * The sticky-session key {@code name} is a slip from: the known key nearest to it, when that is a
   * sticky-session key within two edits (one for short keys) and {@code name} is no key the
   * controller reads. Null otherwise.
   */
  static String meant(Prefix p, String name) {
    if (p.reads(name) || name.isEmpty()) {
      return null;
    }
    String typed = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    boolean bestIsSticky = false;
    for (String known : p.keys()) {
      int d = DISTANCE.apply(typed, known.toLowerCase(Locale.ROOT));
      if (d >= 0 && d < bestDistance) {
        best = known;
        bestDistance = d;
        bestIsSticky = p.sticky().contains(known);
      }
    }
    if (best == null || !bestIsSticky || bestDistance > (best.length() >= 8 ? 2 : 1)) {
      return null;
    }
    return best;
  }

  private static List<Prefix> load() {
    List<Prefix> out = new ArrayList<>();
    try (InputStream in = AnnotationKeyMisspelt.class.getResourceAsStream("annotation-keys.txt");
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String[] header = null;
      Set<String> keys = new HashSet<>();
      List<String> sticky = new ArrayList<>();
      Map<String, Replaced> replaced = new HashMap<>();
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        if (line.startsWith("= ")) {
          if (header != null) {
            out.add(prefix(header, keys, sticky, replaced));
          }
          header = line.substring(2).split("\\|");
          keys = new HashSet<>();
          sticky = new ArrayList<>();
          replaced = new HashMap<>();
          continue;
        }
        if (line.startsWith("~")) {
          String[] parts = line.substring(1).split("[>@]");
          replaced.put(parts[0].strip(), new Replaced(parts[1].strip(), parts[2].strip()));
          continue;
        }
        boolean isSticky = line.startsWith("*");
        String key = (isSticky ? line.substring(1) : line).strip();
        keys.add(key);
        if (isSticky) {
          sticky.add(key);
        }
      }
      if (header != null) {
        out.add(prefix(header, keys, sticky, replaced));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(out);
  }

  private static Prefix prefix(
      String[] header, Set<String> keys, List<String> sticky, Map<String, Replaced> replaced) {
    return new Prefix(
        header[0].strip(),
        header[1].strip(),
        header[2].strip().equals("case-insensitive"),
        Set.copyOf(keys),
        List.copyOf(sticky),
        Map.copyOf(replaced));
  }
}
