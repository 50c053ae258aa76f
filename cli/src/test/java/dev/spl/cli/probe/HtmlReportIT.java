package dev.spl.cli.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.awt.image.BufferedImage;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spl probe --format html}: the grid is a picture, viewed in a real browser (headless
 * Chromium from Debian) and read back by its pixels: pinned per token, each jar's column is one
 * colour, a different one per backend.
 */
class HtmlReportIT {
  @TempDir Path dir;

  static Prober.Report pinnedPerToken() {
    Prober.Grid grid =
        new Prober.Grid(
            List.of("jar A", "jar B"),
            List.of("127.0.0.1", "127.0.0.2"),
            List.of(List.of("app-1", "app-2"), List.of("app-1", "app-2")));
    return new Prober.Report(
        URI.create("http://127.0.0.1:8080/"),
        Expectation.cookie("SRV"),
        Prober.Mode.PERSISTENCE,
        40,
        List.of(
            new Prober.Check("sticky", Prober.Status.PASS, "each jar stayed on one backend"),
            new Prober.Check(
                "grid", Prober.Status.PASS, "pinned per token, not per address <&>", grid)));
  }

  @Test
  void thePageCarriesTheChecksAndTheGridEscaped() {
    String html = HtmlReport.render(pinnedPerToken(), "cookie SRV", false);
    assertTrue(html.contains("<strong id=\"verdict\">passed</strong>"), html);
    assertTrue(html.contains("pinned per token, not per address &lt;&amp;&gt;"), html);
    assertEquals(4, html.split("<rect class=\"cell\"", -1).length - 1, "one square per cell");
    assertTrue(html.contains("<title>app-2</title>"), html);
  }

  @Test
  void aBrowserShowsAColumnOfOneColourPerPinnedJar() throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("chromium", "--version"),
        "chromium is not installed: apt-get install chromium");
    Path page =
        Files.writeString(
            dir.resolve("probe.html"), HtmlReport.render(pinnedPerToken(), "cookie SRV", false));
    Path png = dir.resolve("probe.png");
    Command.Result shot =
        Command.of(
                "chromium",
                "--headless",
                "--no-sandbox", // as root, as CI runs
                "--disable-gpu",
                "--hide-scrollbars",
                "--window-size=900,1100",
                "--screenshot=" + png,
                page.toUri().toString())
            .timeout(Duration.ofSeconds(60))
            .run();
    assertEquals(0, shot.status(), shot.err());
    BufferedImage image = ImageIO.read(png.toFile());
    int first = count(image, HtmlReport.PALETTE.get(0));
    int second = count(image, HtmlReport.PALETTE.get(1));
    int square = (HtmlReport.CELL - 4) * (HtmlReport.CELL - 4);
    // two squares of each backend's colour (a column each), and its legend swatch
    assertTrue(first >= 2 * square * 9 / 10 && first <= 2 * square + 400, "first: " + first);
    assertTrue(second >= 2 * square * 9 / 10 && second <= 2 * square + 400, "second: " + second);
    assertEquals(0, count(image, HtmlReport.PALETTE.get(2)), "two backends, two colours");
  }

  /**
   * Backends named as the probe names those it cannot tell apart, and an IPv6 source: laid out by a
   * real browser, no two of the grid's labels, squares and swatches meet, and each lies inside the
   * picture (a legend three names to a line overlapped long names before).
   */
  @Test
  void aBrowserLaysOutLongNamesWithoutOverlap() throws Exception {
    ToolsNeeded.require(
        ToolsNeeded.onPath("chromium", "--version"),
        "chromium is not installed: apt-get install chromium");
    List<String> backends =
        List.of(
            "(no X-Served-By, status 200)",
            "(no X-Served-By, status 503)",
            "cart-7d9f8b6c5d-x2x4q.shop.svc.cluster.local",
            "app-2");
    Prober.Grid grid =
        new Prober.Grid(
            List.of("jar A", "jar B", "jar C", "jar D"),
            List.of("127.0.0.1", "fd00:10:244:1::2a"),
            List.of(
                backends,
                List.of(backends.get(3), backends.get(2), backends.get(1), backends.get(0))));
    String page =
        HtmlReport.render(
                new Prober.Report(
                    URI.create("http://127.0.0.1:8080/"),
                    Expectation.cookie("SRV"),
                    Prober.Mode.PERSISTENCE,
                    40,
                    List.of(new Prober.Check("grid", Prober.Status.PASS, "laid out", grid))),
                "cookie SRV",
                false)
            .replace("</body>", LAYOUT_CHECK + "</body>");
    Path html = Files.writeString(dir.resolve("layout.html"), page);
    Command.Result dom =
        Command.of(
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--window-size=1400,1100",
                "--dump-dom",
                html.toUri().toString())
            .timeout(Duration.ofSeconds(60))
            .run();
    assertEquals(0, dom.status(), dom.err());
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("data-layout=\"([^\"]*)\"").matcher(dom.out());
    assertTrue(m.find(), "the check ran: " + dom.out());
    assertEquals("shapes 22, overlaps 0, outside 0", m.group(1));
  }

  /**
   * Counts, in the browser, the grid's labels and shapes, the pairs of them that meet, and those
   * not wholly inside the picture.
   */
  private static final String LAYOUT_CHECK =
      """
      <script>
      const svg = document.querySelector('svg.grid');
      const w = svg.width.baseVal.value, h = svg.height.baseVal.value;
      const boxes = [...svg.querySelectorAll('text, rect')].map(e => e.getBBox());
      let overlaps = 0, outside = 0;
      boxes.forEach((a, i) => {
        if (a.x < 0 || a.y < 0 || a.x + a.width > w || a.y + a.height > h) outside++;
        boxes.slice(i + 1).forEach(b => {
          if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height
              && b.y < a.y + a.height) overlaps++;
        });
      });
      document.body.setAttribute('data-layout',
          'shapes ' + boxes.length + ', overlaps ' + overlaps + ', outside ' + outside);
      </script>
      """;

  /** Pixels of exactly this colour (the page is drawn at scale 1, shapes unblended inside). */
  static int count(BufferedImage image, String hex) {
    int rgb = Integer.parseInt(hex.substring(1), 16);
    int n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
          n++;
        }
      }
    }
    return n;
  }
}
