package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The version and the image names are set once, in the root pom; every file users copy from must
 * agree with it: the chart, the pre-commit docker hook, the Action's example, the README.
 */
class ReleaseConsistencyTest {
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  static final String VERSION = System.getProperty("spl.version");
  static final String RELEASE = VERSION.replace("-SNAPSHOT", "");

  @SuppressWarnings("unchecked")
  static <T> T yaml(String file) throws Exception {
    return (T)
        new Load(LoadSettings.builder().build())
            .loadFromString(Files.readString(REPO.resolve(file)));
  }

  @Test
  void theChartCarriesTheReleaseAndTheWebhookImage() throws Exception {
    Map<String, Object> chart = yaml("charts/spl-webhook/Chart.yaml");
    assertEquals(RELEASE, chart.get("version"));
    assertEquals(RELEASE, chart.get("appVersion"));
    Map<String, Object> values = yaml("charts/spl-webhook/values.yaml");
    assertEquals(
        System.getProperty("spl.image.webhook"),
        ((Map<String, Object>) values.get("image")).get("repository"));
  }

  @Test
  void theDockerHookUsesTheCliImageAtTheRelease() throws Exception {
    List<Map<String, Object>> hooks = yaml(".pre-commit-hooks.yaml");
    String entry =
        hooks.stream()
            .filter(h -> "spl-lint-docker".equals(h.get("id")))
            .findFirst()
            .orElseThrow()
            .get("entry")
            .toString();
    assertTrue(entry.startsWith(System.getProperty("spl.image.cli") + ":" + RELEASE + " "), entry);
  }

  @Test
  void usersAreShownTheRelease() throws Exception {
    List<String> files = new java.util.ArrayList<>(List.of("action.yml", "README.md"));
    try (var pages = Files.list(REPO.resolve("docs"))) {
      pages
          .filter(Files::isRegularFile) // docs/schemas/ holds JSON Schemas, not pages
          .map(p -> "docs/" + p.getFileName())
          .sorted()
          .forEach(files::add);
    }
    for (String file : files) {
      String text = Files.readString(REPO.resolve(file));
      String[] uses = text.split("spl-dev/spl@v");
      for (int i = 1; i < uses.length; i++) { // each text after a "spl-dev/spl@v"
        assertTrue(
            uses[i].startsWith(RELEASE),
            file + " shows spl-dev/spl@v" + uses[i].substring(0, Math.min(12, uses[i].length())));
      }
    }
  }
}
