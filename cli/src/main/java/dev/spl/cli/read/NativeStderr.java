package dev.spl.cli.read;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * What in-process Helm writes to the process's standard error (Go's log package writes to file
 * descriptor 2 directly, past Java's System.err): caught in a file while Helm runs, so that Helm's
 * own log lines ("found symbolic link in path") are notes for {@code --verbose}, not noise in a CI
 * log. Anything else written meanwhile (spl's own lines from another thread) is passed on as it
 * was.
 */
public final class NativeStderr {
  /** Go's standard logger's prefix: {@code 2026/12/01 21:53:20 }. */
  private static final Pattern GO_LOG_LINE =
      Pattern.compile("^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d (.*)$");

  private static final int STDERR = 2;
  private static final int O_WRONLY = 1; // the same on Linux and macOS

  /** The C library's file descriptor calls. */
  interface LibC extends com.sun.jna.Library {
    int open(String path, int flags);

    int dup(int fd);

    int dup2(int from, int to);

    int close(int fd);
  }

  /** Something to run with standard error caught. */
  interface Work<T, E extends Exception> {
    T run() throws E;
  }

  private NativeStderr() {}

  /**
   * Runs {@code work} with file descriptor 2 redirected; Go log lines go to {@code log} without
   * their time stamps, other text back to standard error. Where redirecting is not possible, runs
   * {@code work} as it is.
   */
  static synchronized <T, E extends Exception> T capture(Work<T, E> work, Consumer<String> log)
      throws E {
    LibC libc;
    Path file;
    int saved;
    int caught;
    try {
      libc = com.sun.jna.Native.load("c", LibC.class);
      file = Files.createTempFile("spl-helm", ".log");
    } catch (IOException | RuntimeException | LinkageError e) {
      return work.run();
    }
    System.err.flush();
    saved = libc.dup(STDERR);
    caught = libc.open(file.toString(), O_WRONLY);
    if (saved < 0 || caught < 0 || libc.dup2(caught, STDERR) < 0) {
      closeQuietly(libc, saved);
      closeQuietly(libc, caught);
      deleteQuietly(file);
      return work.run();
    }
    try {
      return work.run();
    } finally {
      System.err.flush();
      libc.dup2(saved, STDERR);
      closeQuietly(libc, saved);
      closeQuietly(libc, caught);
      passOn(file, log);
      deleteQuietly(file);
    }
  }

  private static void passOn(Path file, Consumer<String> log) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return;
    }
    List<String> others = new ArrayList<>();
    for (String line : lines) {
      var m = GO_LOG_LINE.matcher(line);
      if (m.matches()) {
        log.accept(m.group(1));
      } else if (!line.isBlank()) {
        others.add(line);
      }
    }
    others.forEach(System.err::println);
  }

  private static void closeQuietly(LibC libc, int fd) {
    if (fd >= 0) {
      libc.close(fd);
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind; nothing to tell the user
    }
  }
}
