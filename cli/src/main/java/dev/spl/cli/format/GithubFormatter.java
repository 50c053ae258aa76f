package dev.spl.cli.format;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.RelatedLocation;
import java.io.PrintWriter;

/**
 * GitHub Actions workflow commands, one line per finding, which the runner turns into annotations:
 * {@code ::error file=F,line=L,col=C,title=SPLnnn name::message}.
 */
public final class GithubFormatter implements FindingFormatter {

  @Override
  public void write(LintResult result, PrintWriter out) {
    for (Finding f : result.findings()) {
      String command =
          switch (f.severity()) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case INFO -> "notice";
          };
      StringBuilder message = new StringBuilder(f.message());
      String renderedBy = result.inputs().renderedFrom().get(f.position().file());
      if (renderedBy != null) {
        message.append(" [in the output of ").append(renderedBy).append(']');
      }
      if (f.resource() != null) {
        message.append(" (").append(f.resource().describe());
        if (!f.field().isEmpty()) {
          message.append(", ").append(f.field());
        }
        message.append(')');
      }
      for (RelatedLocation r : f.related()) {
        message
            .append('\n')
            .append("related: ")
            .append(r.position())
            .append(' ')
            .append(r.resource().describe());
      }
      // An object with no place in a file (a cluster's) gets an annotation on the run, not a file.
      String where =
          f.position().inText()
              ? "file="
                  + property(f.position().file())
                  + ",line="
                  + f.position().line()
                  + ",col="
                  + f.position().column()
                  + ","
              : "";
      out.println(
          "::"
              + command
              + " "
              + where
              + "title="
              + property(f.ruleId() + " " + f.ruleName())
              + "::"
              + data(message.toString()));
    }
  }

  /** The message part: %, CR and LF are escaped (actions/toolkit escapeData). */
  static String data(String s) {
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  /** A property value: as data, and also ':' and ',' (actions/toolkit escapeProperty). */
  static String property(String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }
}
