package dev.spl.cli;

import dev.spl.load.LoadedInput;
import java.io.PrintWriter;

/**
 * A one-line progress counter on stderr for long lints at a terminal; silent unless enabled, and
 * never mixed into machine-readable output.
 */
final class Progress {
  private static final long INTERVAL_NANOS = 200_000_000L;
  private final PrintWriter err;
  private final boolean enabled;
  private final long started = System.nanoTime();
  private long lastPrinted = started;
  private int files;
  private int documents;
  private boolean printed;

  Progress(PrintWriter err, boolean enabled) {
    this.err = err;
    this.enabled = enabled;
  }

  void fileDone(LoadedInput part) {
    files++;
    documents += part.documents();
    long now = System.nanoTime();
    if (enabled && now - lastPrinted >= INTERVAL_NANOS) {
      lastPrinted = now;
      printed = true;
      err.print(
          "\rspl: linted "
              + files
              + (files == 1 ? " file, " : " files, ")
              + documents
              + (documents == 1 ? " document ..." : " documents ..."));
      err.flush();
    }
  }

  /** Clears the progress line so that the findings start on a clean line. */
  void done() {
    if (printed) {
      err.print("\r\u001b[K");
      err.flush();
    }
  }
}
