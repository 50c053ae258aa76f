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

  /**
   * Every link of the built site that stays on it resolves: the page (or its directory's
   * index.html) exists and the anchor is an id on it. MkDocs' strict mode checks links between
   * Markdown pages, not a link out of docs/ (the rules' example folders were 76 such 404s) nor
   * anchors.
   */
  @Test
  void everyLinkOfTheBuiltSiteResolves() throws Exception {
    java.util.regex.Pattern href = java.util.regex.Pattern.compile("\\shref=\"([^\"]*)\"");
    java.util.regex.Pattern id = java.util.regex.Pattern.compile("\\sid=\"([^\"]*)\"");
    java.util.Map<Path, java.util.Set<String>> ids = new java.util.HashMap<>();
    java.util.regex.Matcher siteUrl =
        java.util.regex.Pattern.compile("(?m)^site_url: https?://[^/\\s]+(/\\S*)")
            .matcher(Files.readString(REPO.resolve("mkdocs.yml")));
    String base = siteUrl.find() ? siteUrl.group(1) : "/";
    List<String> broken = new java.util.ArrayList<>();
    int checked = 0;
    List<Path> pages;
    try (Stream<Path> all = Files.walk(site)) {
      pages = all.filter(p -> p.toString().endsWith(".html")).toList();
    }
    for (Path page : pages) {
      java.util.regex.Matcher m = href.matcher(Files.readString(page));
      while (m.find()) {
        String link = m.group(1).replace("&amp;", "&");
        if (link.isEmpty() || link.matches("^[a-z][a-z0-9+.-]*:.*")) {
          continue; // another site, mailto:, data:
        }
        int hash = link.indexOf('#');
        String path = hash < 0 ? link : link.substring(0, hash);
        String anchor = hash < 0 ? null : link.substring(hash + 1);
        int query = path.indexOf('?');
        path = query < 0 ? path : path.substring(0, query);
        Path target =
            path.isEmpty()
                ? page
                : path.startsWith("/")
                    // the site is served under site_url's path (404.html links so)
                    ? site.resolve(path.substring(Math.min(path.length(), base.length())))
                        .normalize()
                    : page.getParent().resolve(path).normalize();
        if (Files.isDirectory(target)) {
          target = target.resolve("index.html");
        }
        checked++;
        if (!target.startsWith(site) || !Files.isRegularFile(target)) {
          broken.add(site.relativize(page) + " -> " + link);
          continue;
        }
        if (anchor != null && !anchor.isEmpty() && target.toString().endsWith(".html")) {
          Path t = target;
          java.util.Set<String> on =
              ids.computeIfAbsent(
                  t,
                  k -> {
                    java.util.Set<String> found = new java.util.HashSet<>();
                    try {
                      java.util.regex.Matcher i = id.matcher(Files.readString(k));
                      while (i.find()) {
                        found.add(i.group(1));
                      }
                    } catch (java.io.IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                    return found;
                  });
          if (!on.contains(
              java.net.URLDecoder.decode(anchor, java.nio.charset.StandardCharsets.UTF_8))) {
            broken.add(site.relativize(page) + " -> " + link + " (no such anchor)");
          }
        }
      }
    }
    assertTrue(checked > 1000, checked + " links checked: the walk missed the site");
    assertEquals(List.of(), broken, broken.size() + " broken links of " + checked);
  }

  @Test
  void everyRuleHasItsOwnPageWithItsExamples() throws Exception {
    for (Rule r : BuiltInRules.all()) {
      Path page =
          site.resolve("rules")
              .resolve(r.info().id() + "-" + r.info().name())
              .resolve("index.html");
      assertTrue(Files.isRegularFile(page), "no page for " + r.info().id());
      String html = Files.readString(page);
      assertTrue(html.contains(r.info().id() + " " + r.info().name()), page.toString());
    }
    String spl010 =
        Files.readString(site.resolve("rules/SPL010-permanent-needs-absolute-timeout/index.html"));
    assertTrue(spl010.contains("lifetimeType"), "the bad example is on the page");
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
