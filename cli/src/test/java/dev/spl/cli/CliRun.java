package dev.spl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs spl in-process with stdout and stderr captured. */
public record CliRun(int status, String out, String err) {

  public static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = Spl.run(args, new PrintWriter(out), new PrintWriter(err));
    return new CliRun(status, out.toString(), err.toString());
  }
}
