package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayDuration;
import dev.spl.testing.Command;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * --fix on the real repositories (src/test/resources/realrepos): it never changes a repository that
 * has no fixable finding, and, fuzzed, a duration rewritten into a form GEP-2257 refuses but people
 * write (days, decimals, spaces, long digit runs) is fixed back to the canonical form of the same
 * length of time where spl lints that field, left alone where it does not, and no other byte of any
 * file changes.
 */
class FixRoundTripTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  // a duration-named key with a GEP-2257 value, alone on its line (a comment may follow)
  private static final Pattern DURATION_LINE =
      Pattern.compile(
          "^(\\s*-?\\s*(?:absoluteTimeout|idleTimeout|request|backendRequest|backoff|interval):"
              + " )([0-9]+(?:h|ms|m|s)(?:[0-9]+(?:h|ms|m|s))*)(\\s*(?:#.*)?)$");

  @TempDir Path work;

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "argocd-example-apps",
        "gateway-api",
        "microservices-demo",
        "ingress-nginx",
        "traefik",
        "envoy-gateway",
        "kgateway",
        "kubernetes-engine-samples",
        "nginx-gateway-fabric",
        "contour"
      })
  void aRepositoryWithoutFixableFindingsIsLeftAlone(String repo) throws Exception {
    Path root = unpack(repo);
    int fixable = fixable(root).size();
    CliRun diff = CliRun.of("lint", "--diff", root.toString());
    assertEquals(fixable == 0 ? "" : diff.out(), diff.out(), repo + " has no fixable finding");
    assertEquals(fixable == 0 ? 0 : 1, diff.status(), diff.err());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"gateway-api", "nginx-gateway-fabric"}) // the two with route timeouts
  void fuzzedDurationsAreFixedBackAndNothingElseMoves(String repo) throws Exception {
    Path root = unpack(repo);
    Random random = new Random(repo.hashCode());
    List<String> spots = new ArrayList<>(); // "file:line<TAB>original<TAB>fuzzed"
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        boolean changed = false;
        for (int i = 0; i < lines.length; i++) {
          Matcher m = DURATION_LINE.matcher(lines[i]);
          GatewayDuration d = m.matches() ? GatewayDuration.parse(m.group(2)) : null;
          if (d == null || random.nextInt(3) == 0) {
            continue;
          }
          String lenient = lenient(d.value().toMillis(), random);
          if (lenient == null) {
            continue;
          }
          lines[i] = m.group(1) + lenient + m.group(3);
          spots.add(root.relativize(f) + ":" + (i + 1) + "\t" + m.group(2) + "\t" + lenient);
          changed = true;
        }
        if (changed) {
          Files.writeString(f, String.join("\n", lines), StandardCharsets.UTF_8);
        }
      }
    }
    assertTrue(spots.size() >= 3, repo + ": too few durations to fuzz: " + spots);
    List<JsonNode> fixes = fixable(root);
    Map<Path, String> before = snapshot(root);

    CliRun fix = CliRun.of("lint", "--fix", root.toString());
    assertTrue(fix.err().contains("spl: fixed " + fixes.size() + " finding"), fix.err());
    Map<Path, String> after = snapshot(root);
    int restored = 0;
    for (Map.Entry<Path, String> e : before.entrySet()) {
      Path f = e.getKey();
      String[] was = e.getValue().split("\n", -1);
      String[] now = after.get(f).split("\n", -1);
      assertEquals(was.length, now.length, f.toString());
      for (int i = 0; i < was.length; i++) {
        if (was[i].equals(now[i])) {
          continue;
        }
        // the only lines that change are fuzzed ones, back to the original's length of time
        String spot = spotAt(spots, root.relativize(f) + ":" + (i + 1));
        assertTrue(spot != null, f + ":" + (i + 1) + " changed but was not fuzzed: " + now[i]);
        String[] parts = spot.split("\t");
        String canonical = GatewayDuration.format(GatewayDuration.parse(parts[1]).value());
        assertEquals(was[i].replace(": " + parts[2], ": " + canonical), now[i], spot);
        restored++;
      }
    }
    assertEquals(fixes.size(), restored, "every fix made, on its line: " + spots);
    assertTrue(restored > 0, repo + ": spl fixed none of " + spots);
    assertTrue(fixable(root).isEmpty(), "nothing fixable is left");
    System.out.printf(
        "%s: %d durations fuzzed, %d fixed back (the rest are in fields spl does not lint)%n",
        repo, spots.size(), restored);
  }

  /** A form of {@code millis} GEP-2257 refuses and spl repairs, or null. */
  static String lenient(long millis, Random random) {
    List<String> forms = new ArrayList<>();
    if (millis > 0 && millis % 86_400_000L == 0) {
      forms.add(millis / 86_400_000L + "d");
    }
    if (millis % 1_800_000L == 0 && millis % 3_600_000L != 0) {
      forms.add(millis / 3_600_000L + ".5h");
    }
    if (millis % 1000 == 0 && millis / 1000 >= 100_000) {
      forms.add(millis / 1000 + "s");
    }
    String canonical = GatewayDuration.format(java.time.Duration.ofMillis(millis));
    forms.add(canonical.replaceFirst("^([0-9]+)", "$1 ")); // "10 s", "1 h30m"
    String form = forms.get(random.nextInt(forms.size()));
    return GatewayDuration.isValid(form) || GatewayDuration.repaired(form) == null ? null : form;
  }

  private static String spotAt(List<String> spots, String where) {
    return spots.stream().filter(s -> s.startsWith(where + "\t")).findFirst().orElse(null);
  }

  private static List<JsonNode> fixable(Path root) throws Exception {
    JsonNode out = JSON.readTree(CliRun.of("lint", "--format", "json", root.toString()).out());
    List<JsonNode> fixes = new ArrayList<>();
    out.get("findings")
        .forEach(
            f -> {
              if (f.has("fix")) {
                fixes.add(f);
              }
            });
    return fixes;
  }

  private static Map<Path, String> snapshot(Path root) throws Exception {
    Map<Path, String> texts = new HashMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        texts.put(f, Files.readString(f, StandardCharsets.ISO_8859_1)); // bytes, any encoding
      }
    }
    return texts;
  }

  private Path unpack(String repo) throws Exception {
    Path dir = Files.createDirectories(work.resolve(repo));
    Path tarball = Path.of("src/test/resources/realrepos", repo + ".tar.gz").toAbsolutePath();
    Command.Result tar =
        Command.of("tar", "-xzf", tarball.toString(), "-C", dir.toString()).mergeErrors().run();
    assertEquals(0, tar.status(), tar.out());
    return dir;
  }
}
