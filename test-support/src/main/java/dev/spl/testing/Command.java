package dev.spl.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A command a test runs as a user would: in a directory, with changes to the environment, within a
 * time limit; its status and what it printed are kept (standard error apart, unless merged). A
 * command that outlives its limit is killed and fails the test with what it printed so far.
 */
public final class Command {
  /** How a command ended: its exit status, standard output, and standard error (or "" merged). */
  public record Result(int status, String out, String err) {
    /** Standard output, then standard error. */
    public String output() {
      return out + err;
    }
  }

  private final List<String> command;
  private Path dir;
  private final Map<String, String> env = new LinkedHashMap<>();
  private final List<String> unset = new ArrayList<>();
  private boolean clearEnv;
  private boolean mergeErrors;
  private Duration timeout = Duration.ofMinutes(2);

  private Command(List<String> command) {
    this.command = List.copyOf(command);
  }

  public static Command of(String... command) {
    return new Command(List.of(command));
  }

  public static Command of(List<String> command) {
    return new Command(command);
  }

  /** The spl CLI from this JVM's class path ({@code java -cp ... dev.spl.cli.Spl args}). */
  public static Command splOnClassPath(List<String> jvmOptions, String... args) {
    List<String> c = new ArrayList<>();
    c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    c.addAll(jvmOptions);
    c.add("-cp");
    c.add(System.getProperty("java.class.path"));
    c.add("dev.spl.cli.Spl");
    c.addAll(List.of(args));
    return new Command(c);
  }

  public Command in(Path directory) {
    this.dir = directory;
    return this;
  }

  public Command env(String name, String value) {
    env.put(name, value);
    return this;
  }

  public Command without(String name) {
    unset.add(name);
    return this;
  }

  /** Starts from an empty environment (then {@link #env} adds to it). */
  public Command cleanEnv() {
    clearEnv = true;
    return this;
  }

  /** Standard error goes where standard output goes, in the order printed. */
  public Command mergeErrors() {
    mergeErrors = true;
    return this;
  }

  public Command timeout(Duration limit) {
    this.timeout = limit;
    return this;
  }

  public Result run() throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(mergeErrors);
    if (dir != null) {
      pb.directory(dir.toFile());
    }
    if (clearEnv) {
      pb.environment().clear();
    }
    unset.forEach(pb.environment()::remove);
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    CompletableFuture<String> out = read(p.getInputStream());
    CompletableFuture<String> err =
        mergeErrors ? CompletableFuture.completedFuture("") : read(p.getErrorStream());
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError(
          String.join(" ", command)
              + " did not finish in "
              + timeout.toSeconds()
              + " s; it printed:\n"
              + out.getNow("")
              + err.getNow(""));
    }
    return new Result(p.exitValue(), out.join(), err.join());
  }

  /** Reads {@code stream} on a thread of its own: a full pipe must never block the command. */
  private static CompletableFuture<String> read(InputStream stream) {
    CompletableFuture<String> text = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (stream) {
                text.complete(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
              } catch (IOException e) {
                text.complete("(reading its output failed: " + e.getMessage() + ")");
              }
            },
            "command-output");
    reader.setDaemon(true);
    reader.start();
    return text;
  }
}
