package dev.spl.cli.format;

/** The values of {@code spl lint --format}. */
public enum OutputFormat {
  text,
  json;

  public FindingFormatter formatter(boolean color) {
    return switch (this) {
      case text -> new TextFormatter(color);
      case json -> new JsonFormatter();
    };
  }
}
