package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.rules.Rule;
import dev.spl.testing.Command;
import dev.spl.testing.ToolsNeeded;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation site: built with Debian's MkDocs and Material theme in strict mode (a link to a
 * page that does not exist fails the build, shown by building a copy with one), then served on
 * loopback and opened in headless Chromium, where the rule catalogue and the search box must be
 * found. Without mkdocs or chromium the test is skipped on a laptop and fails under CI.
 */
@Tag("tools")
class DocsSiteIT {
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  static Path site;

  static void require(String tool) {
    ToolsNeeded.require(
        ToolsNeeded.onPath(tool, "--version"),
        tool + " is not installed: apt-get install mkdocs mkdocs-material chromium");
  }

  static Command.Result mkdocs(Path dir, Path out) throws Exception {
    return DistributionIT.run(
        dir, List.of("mkdocs", "build", "--strict", "--site-dir", out.toString()), null);
  }

  @BeforeAll
  static void build() throws Exception {
    require("mkdocs");
    site = Path.of("target", "site").toAbsolutePath();
    Command.Result built = mkdocs(REPO, site);
    assertEquals(0, built.status(), "mkdocs build --strict: " + built.out() + built.err());
  }

  @Test
  void aBrokenLinkFailsTheBuild(@TempDir Path copy) throws Exception {
    Files.copy(REPO.resolve("mkdocs.yml"), copy.resolve("mkdocs.yml"));
    Path docs = Files.createDirectories(copy.resolve("docs"));
    try (Stream<Path> pages = Files.list(REPO.resolve("docs"))) {
      for (Path page : pages.toList()) {
        Files.copy(page, docs.resolve(page.getFileName()));
      }
    }
    Files.writeString(
        docs.resolve("index.md"),
        Files.readString(docs.resolve("index.md")) + "\nSee [the missing page](missing.md).\n");
    Command.Result built = mkdocs(copy, copy.resolve("site"));
    assertNotEquals(0, built.status(), "a link to missing.md must fail the strict build");
    assertTrue((built.out() + built.err()).contains("missing.md"), built.err());
  }

  @Test
  void everyRuleIsInTheCatalogueAndTheSearchIndex() throws Exception {
    String catalogue = Files.readString(site.resolve("rules/index.html"));
    String index = Files.readString(site.resolve("search/search_index.json"));
    for (Rule r : BuiltInRules.all()) {
      assertTrue(catalogue.contains(r.info().name()), r.info().id() + " not in the rule reference");
      assertTrue(index.contains(r.info().id()), r.info().id() + " not in the search index");
    }
  }

  /** A real browser renders the served site: the catalogue's rows and Material's search box. */
  @Test
  void aBrowserFindsTheRuleCatalogueAndTheSearchBox() throws Exception {
    require("chromium");
    HttpServer server = serve(site);
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/rules/";
      Command.Result dom =
          DistributionIT.run(
              REPO,
              List.of(
                  "chromium",
                  "--headless",
                  "--no-sandbox", // as root, as CI runs
                  "--disable-gpu",
                  "--virtual-time-budget=5000",
                  "--dump-dom",
                  url),
              null);
      assertEquals(0, dom.status(), dom.err());
      String html = dom.out();
      assertTrue(html.contains("md-search__input"), "no search box in " + url);
      assertTrue(html.contains("placeholder=\"Search\""), "the search box has no placeholder");
      assertTrue(html.contains(">SPL131</td>"), "no SPL131 row in the catalogue");
      assertTrue(html.contains("cookie-path-not-absolute"), "no rule names in the catalogue");
      assertTrue(html.contains("<title>Rule reference - spl"), "not the rule reference page");
    } finally {
      server.stop(0);
    }
  }

  /** The built site over HTTP on loopback, as a browser reads a published one. */
  static HttpServer serve(Path root) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
          if (Files.isDirectory(file)) {
            file = file.resolve("index.html");
          }
          if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
            return;
          }
          String name = file.getFileName().toString();
          exchange
              .getResponseHeaders()
              .set(
                  "Content-Type",
                  name.endsWith(".html")
                      ? "text/html; charset=utf-8"
                      : name.endsWith(".js")
                          ? "text/javascript"
                          : name.endsWith(".css")
                              ? "text/css"
                              : name.endsWith(".json")
                                  ? "application/json"
                                  : "application/octet-stream");
          byte[] body = Files.readAllBytes(file);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return server;
  }
}
