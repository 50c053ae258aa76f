package dev.spl.cli;

import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.catalogue.RuleSelection;
import dev.spl.cli.format.FindingFormatter;
import dev.spl.cli.format.OutputFormat;
import dev.spl.cli.read.Configs;
import dev.spl.config.FailOn;
import dev.spl.config.SplConfig;
import dev.spl.model.Severity;
import dev.spl.model.Suggestions;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What to report and how, the same for every command that lints ({@code lint}, {@code audit}):
 * formats, fail-on, rule selection, configuration, and the outputs written.
 */
final class ReportOptions {
  @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
  CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--format",
      paramLabel = "FORMAT[=FILE]",
      description =
          "text, json, sarif, github, junit or markdown (a summary for a CI job's page; default:"
              + " text); repeat for several, with =FILE to write one to a file: --format github"
              + " --format sarif=spl.sarif.")
  List<String> formats = new ArrayList<>();

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      description =
          "Exit 1 on findings at or above: error, warning (warn), info or never (default: error,"
              + " or failOn in .spl.yaml).",
      converter = FailOnConverter.class)
  FailOn failOn;

  /** Reads --fail-on, naming the values on a mistake. */
  static final class FailOnConverter implements CommandLine.ITypeConverter<FailOn> {
    @Override
    public FailOn convert(String value) {
      try {
        return FailOn.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  @Option(
      names = "--enable",
      split = ",",
      paramLabel = "RULE",
      description = "Run only these rules (ids or names).")
  List<String> enable = new ArrayList<>();

  @Option(
      names = "--disable",
      split = ",",
      paramLabel = "RULE",
      description = "Do not run these rules (ids or names).")
  List<String> disable = new ArrayList<>();

  @Option(
      names = "--verbose",
      description = "Also list the files skipped as no manifests, and the versions used.")
  boolean verbose;

  @Option(names = "--quiet", description = "Print only the findings: no summary, no progress.")
  boolean quiet;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Configuration file for every input (default: per file, the nearest .spl.yaml in its"
              + " directory or a parent).")
  Path config;

  @Option(names = "--no-color", description = "Never colour the text output (also: NO_COLOR).")
  boolean noColor;

  /** One --format: where it goes (null: stdout). */
  record Output(OutputFormat format, Path file) {}

  /** The --fail-on level: the flag, else failOn in {@code config}, else error. */
  FailOn threshold(SplConfig config) {
    return failOn != null ? failOn : config.failOn() != null ? config.failOn() : FailOn.ERROR;
  }

  /** True when {@code result} has a finding that {@code threshold} fails on. */
  static boolean fails(LintResult result, FailOn threshold) {
    return result.findings().stream().anyMatch(f -> threshold.isReachedBy(f.severity()));
  }

  /** Writes {@code result} to every output; their formatters decide what failing means. */
  void writeAll(List<Output> outputs, LintResult result, FailOn threshold) {
    Severity failSeverity = threshold.threshold();
    for (Output o : outputs) {
      write(o, result, failSeverity);
    }
    if (!quiet && !outputs.isEmpty() && outputs.stream().allMatch(o -> o.file() != null)) {
      // Every report went to a file: say where, and what it holds, so a run is never mute.
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "spl: wrote "
              + String.join(", ", outputs.stream().map(o -> o.file().toString()).toList())
              + ": "
              + dev.spl.cli.format.TextFormatter.summary(result));
      err.flush();
    }
  }

  void write(Output o, LintResult result, Severity failSeverity) {
    FindingFormatter formatter =
        o.format().formatter(o.file() == null && useColor(), quiet, failSeverity, verbose);
    if (o.file() == null) {
      PrintWriter out = spec.commandLine().getOut();
      formatter.write(result, out);
      out.flush();
      return;
    }
    try (PrintWriter file =
        new PrintWriter(Files.newBufferedWriter(o.file(), StandardCharsets.UTF_8))) {
      formatter.write(result, file);
    } catch (IOException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--format " + o.format() + "=" + o.file() + ": cannot write it: " + whyNot(e));
    }
  }

  /** Why a file cannot be written, in words (the JDK's message is often the path alone). */
  static String whyNot(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "its directory does not exist";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }

  List<Output> outputs() {
    List<Output> outputs = new ArrayList<>();
    for (String f : formats.isEmpty() ? List.of("text") : formats) {
      int eq = f.indexOf('=');
      String name = eq < 0 ? f : f.substring(0, eq);
      OutputFormat format;
      try {
        format = OutputFormat.valueOf(name);
      } catch (IllegalArgumentException e) {
        List<String> known = Arrays.stream(OutputFormat.values()).map(Enum::name).toList();
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "unknown --format '"
                + name
                + "'"
                + Suggestions.didYouMean(name, known)
                + "; expected one of "
                + String.join(", ", known));
      }
      outputs.add(new Output(format, eq < 0 ? null : Path.of(f.substring(eq + 1))));
    }
    if (outputs.stream().filter(o -> o.file() == null).count() > 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "only one --format can go to standard output; give the others a file: --format sarif=spl.sarif");
    }
    return outputs;
  }

  Configs configs() throws SplConfig.Invalid {
    if (config == null) {
      return new Configs(null);
    }
    if (!Files.isRegularFile(config)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), config + ": no such configuration file");
    }
    return new Configs(SplConfig.load(config));
  }

  LintOptions options() {
    try {
      return new LintOptions(
          GatewayApiVersion.NEWEST_RELEASE, RuleSelection.of(enable, disable, Map.of()));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  boolean useColor() {
    return !noColor && System.getenv("NO_COLOR") == null && System.console() != null;
  }
}
