package dev.spl.schema;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evaluates CRD validation rules with cel-java. The environment is built on first use only (it
 * costs about half a second of startup), and each expression is compiled once per process.
 */
public final class CelPrograms {

  /** What a rule evaluation gave: passed, failed, or could not be evaluated. */
  public sealed interface Outcome permits Passed, Failed, EvaluationError {}

  public record Passed() implements Outcome {}

  public record Failed() implements Outcome {}

  /** The API server rejects the object when a rule cannot be evaluated, e.g. a missing key. */
  public record EvaluationError(String reason) implements Outcome {}

  private static final Map<String, CelRuntime.Program> PROGRAMS = new ConcurrentHashMap<>();

  private CelPrograms() {}

  /** Lazy holder: the environment is built when the first rule is evaluated, not at class load. */
  private static final class Environment {
    static final Cel CEL =
        CelFactory.standardCelBuilder()
            .setOptions(CelOptions.current().enableOptionalSyntax(true).build())
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addVar("self", SimpleType.DYN)
            .build();
  }

  /** Evaluates {@code expression} with {@code self} bound to {@code self}. */
  public static Outcome evaluate(String expression, Object self) {
    CelRuntime.Program program = PROGRAMS.computeIfAbsent(expression, CelPrograms::compile);
    try {
      Object result = program.eval(Map.of("self", self));
      if (result instanceof Boolean b) {
        return b ? new Passed() : new Failed();
      }
      return new EvaluationError("rule did not evaluate to a boolean");
    } catch (CelEvaluationException e) {
      return new EvaluationError(describe(e));
    }
  }

  private static CelRuntime.Program compile(String expression) {
    try {
      return Environment.CEL.createProgram(Environment.CEL.compile(expression).getAst());
    } catch (CelValidationException | CelEvaluationException e) {
      // The expressions are spl's own constants: a failure here is a bug, not user input.
      throw new IllegalStateException(
          "cannot compile CEL rule " + expression + ": " + e.getMessage(), e);
    }
  }

  /** cel-java says "key 'x' is not present in map"; the API server says "no such key: x". */
  private static String describe(CelEvaluationException e) {
    String message = e.getMessage() == null ? "evaluation failed" : e.getMessage();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("key '([^']*)' is not present in map").matcher(message);
    if (m.find()) {
      return "no such key: " + m.group(1);
    }
    int colon = message.lastIndexOf(": ");
    return colon >= 0 ? message.substring(colon + 2) : message;
  }
}
