package dev.spl.webhook;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The libraries' own logs (fabric8's watches and informers, the HTTP server), which reach
 * java.util.logging through slf4j-jdk14, written as lines of the webhook's JSON log: a watch that
 * keeps failing says so where operators look. fabric8's warnings and infos are kept (its reconnects
 * and re-lists), others' warnings only; a message is one line, without its stack.
 */
final class LibraryLog extends Handler {
  private final JsonLog log;

  private LibraryLog(JsonLog log) {
    this.log = log;
  }

  /** Sends every library's log to {@code log} from now on, in place of the console handler. */
  static void install(JsonLog log) {
    LogManager.getLogManager().reset();
    Logger root = Logger.getLogger("");
    root.setLevel(Level.WARNING);
    root.addHandler(new LibraryLog(log));
    // kept in a field of the LogManager, so the level is not lost with a collected logger
    Logger.getLogger("io.fabric8").setLevel(Level.INFO);
  }

  @Override
  public void publish(LogRecord record) {
    if (record == null || !isLoggable(record)) {
      return;
    }
    String message = message(record);
    String source = record.getLoggerName() == null ? "" : record.getLoggerName();
    Throwable thrown = record.getThrown();
    Object[] fields =
        thrown == null
            ? new Object[] {"logger", source}
            : new Object[] {"logger", source, "error", String.valueOf(thrown)};
    int level = record.getLevel().intValue();
    if (level >= Level.SEVERE.intValue()) {
      log.error(message, fields);
    } else if (level >= Level.WARNING.intValue()) {
      log.warn(message, fields);
    } else if (level >= Level.INFO.intValue()) {
      log.info(message, fields);
    } else {
      log.debug(message, fields);
    }
  }

  /** The record's message with its parameters, on one line. */
  static String message(LogRecord record) {
    String text = record.getMessage() == null ? "" : record.getMessage();
    Object[] params = record.getParameters();
    if (params != null && params.length > 0 && text.contains("{")) {
      try {
        text = java.text.MessageFormat.format(text, params);
      } catch (IllegalArgumentException e) {
        // a brace that is no placeholder: the text as it is
      }
    }
    return text.replace('\n', ' ').replace('\r', ' ');
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
