package dev.spl.webhook;

import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** Structured logs: one JSON object per line on stdout, never an object body. */
final class JsonLog {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private final PrintStream out;
  private final boolean quietInfo;
  private final boolean debug;

  JsonLog(PrintStream out) {
    this(out, "info");
  }

  /**
   * {@code level} "warn" or "error" drops the per-review info lines, "debug" adds client hang-ups
   * (SPL_LOG_LEVEL).
   */
  JsonLog(PrintStream out, String level) {
    this.out = out;
    this.debug = level != null && level.equalsIgnoreCase("debug");
    this.quietInfo =
        level != null && (level.equalsIgnoreCase("warn") || level.equalsIgnoreCase("error"));
  }

  void debug(String message, Object... fields) {
    if (debug) {
      write("debug", message, fields);
    }
  }

  void info(String message, Object... fields) {
    if (!quietInfo) {
      write("info", message, fields);
    }
  }

  void warn(String message, Object... fields) {
    write("warn", message, fields);
  }

  void error(String message, Object... fields) {
    write("error", message, fields);
  }

  /** Writes one line; {@code fields} alternate names and values. */
  void write(String level, String message, Object... fields) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("time", Instant.now().toString());
    line.put("level", level);
    line.put("msg", message);
    for (int i = 0; i + 1 < fields.length; i += 2) {
      line.put(String.valueOf(fields[i]), fields[i + 1]);
    }
    String text = JSON.writeValueAsString(line);
    synchronized (out) {
      out.println(text);
    }
  }
}
