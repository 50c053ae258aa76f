package dev.spl.cli.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probe's report as one self-contained HTML page: the checks as a table, and each grid (the
 * backend each token jar reached from each source address) as a picture - one square per cell, one
 * colour per backend - so a column of one colour (pinned per token) or a row of one colour (pinned
 * per address) is seen at a glance, which is what the method is about.
 */
final class HtmlReport {
  /** Colours told apart by most eyes, colour-blind ones included (Okabe-Ito). */
  static final List<String> PALETTE =
      List.of("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442");

  static final int CELL = 96;
  static final int LABEL = 150;

  /**
   * Room for one character at the grid's font size (13px: system-ui's widest common glyphs stay
   * under it), so names are given the width they need rather than a fixed column.
   */
  static final int CHAR_WIDTH = 8;

  private static final int SWATCH_GAP = 22;
  private static final int LEGEND_LINE = 24;

  private HtmlReport() {}

  static String render(Prober.Report r, String expecting, boolean strict) {
    StringBuilder h = new StringBuilder();
    h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>spl probe ")
        .append(escape(r.url().toString()))
        .append("</title><style>")
        .append("body{font-family:system-ui,sans-serif;margin:2em;color:#222}")
        .append("table{border-collapse:collapse}td,th{padding:.3em .8em;text-align:left;")
        .append("border-bottom:1px solid #ddd;vertical-align:top}")
        .append(
            ".PASS{color:#1a7f37}.FAIL{color:#cf222e}.WARN{color:#9a6700}.SKIP{color:#777}.INCONCLUSIVE{color:#9a6700}")
        .append("</style></head><body>\n");
    h.append("<h1>spl probe ").append(escape(r.url().toString())).append("</h1>\n");
    h.append("<p>Expecting ")
        .append(escape(expecting))
        .append(" &middot; ")
        .append(r.requestsSent())
        .append(" requests &middot; <strong id=\"verdict\">")
        .append(r.passed(strict) ? "passed" : "failed")
        .append("</strong></p>\n<table id=\"checks\"><tr><th>status</th><th>check</th>")
        .append("<th>evidence</th></tr>\n");
    for (Prober.Check c : r.checks()) {
      h.append("<tr><td class=\"")
          .append(c.status().name())
          .append("\">")
          .append(c.status().name())
          .append("</td><td>")
          .append(escape(c.name()))
          .append("</td><td>")
          .append(escape(c.evidence()))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
    for (Prober.Check c : r.checks()) {
      if (c.grid() != null) {
        h.append("<h2>").append(escape(c.name())).append("</h2>\n").append(svg(c.grid()));
      }
    }
    return h.append("</body></html>\n").toString();
  }

  /** The grid as SVG: a row per source address, a column per token jar, a colour per backend. */
  static String svg(Prober.Grid g) {
    Map<String, String> colours = new LinkedHashMap<>();
    for (List<String> row : g.backends()) {
      for (String backend : row) {
        colours.computeIfAbsent(backend, b -> PALETTE.get(colours.size() % PALETTE.size()));
      }
    }
    int label =
        Math.max(
            LABEL,
            20
                + CHAR_WIDTH
                    * g.addresses().stream().mapToInt(a -> ("from " + a).length()).max().orElse(0));
    int longest = colours.keySet().stream().mapToInt(String::length).max().orElse(0);
    // the legend has a line per backend, as wide as its longest name, so no two names can meet
    int width = Math.max(label + CELL * g.jars().size(), SWATCH_GAP + CHAR_WIDTH * longest + 10);
    int height = 30 + CELL * g.addresses().size() + 10 + LEGEND_LINE * colours.size();
    StringBuilder s = new StringBuilder();
    s.append("<svg class=\"grid\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append(
            "\" role=\"img\" aria-label=\"backend reached by token jar and source address\">\n");
    for (int j = 0; j < g.jars().size(); j++) {
      s.append(text(label + CELL * j + CELL / 2, 20, "middle", g.jars().get(j)));
    }
    for (int i = 0; i < g.addresses().size(); i++) {
      int y = 30 + CELL * i;
      s.append(text(label - 10, y + CELL / 2 + 5, "end", "from " + g.addresses().get(i)));
      List<String> row = g.backends().get(i);
      for (int j = 0; j < row.size(); j++) {
        s.append("<rect class=\"cell\" x=\"")
            .append(label + CELL * j + 2)
            .append("\" y=\"")
            .append(y + 2)
            .append("\" width=\"")
            .append(CELL - 4)
            .append("\" height=\"")
            .append(CELL - 4)
            .append("\" fill=\"")
            .append(colours.get(row.get(j)))
            .append("\"><title>")
            .append(escape(row.get(j)))
            .append("</title></rect>\n");
      }
    }
    // the legend: which colour is which backend
    List<String> backends = new ArrayList<>(colours.keySet());
    for (int k = 0; k < backends.size(); k++) {
      int x = 0;
      int y = 30 + CELL * g.addresses().size() + 10 + LEGEND_LINE * k;
      s.append("<rect x=\"")
          .append(x)
          .append("\" y=\"")
          .append(y)
          .append("\" width=\"16\" height=\"16\" fill=\"")
          .append(colours.get(backends.get(k)))
          .append("\"/>\n")
          .append(text(x + SWATCH_GAP, y + 13, "start", backends.get(k)));
    }
    return s.append("</svg>\n").toString();
  }

  private static String text(int x, int y, String anchor, String content) {
    return "<text x=\""
        + x
        + "\" y=\""
        + y
        + "\" text-anchor=\""
        + anchor
        + "\" font-size=\"13\">"
        + escape(content)
        + "</text>\n";
  }

  static String escape(String text) {
    return text == null
        ? ""
        : text.replace("&", "&amp;")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace("\"", "&quot;");
  }
}
