package dev.spl.schema;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelProtoAbstractSyntaxTree;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.expr.CheckedExpr;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evaluates CRD validation rules with cel-java. spl's expressions are compiled (parsed and
 * type-checked) when spl is built and shipped as checked ASTs in {@value #PRECOMPILED}; at run time
 * only cel-java's runtime is built, on first use. An expression missing from that file is compiled
 * on the spot. Each program is made once per process.
 */
public final class CelPrograms {

  /** What a rule evaluation gave: passed, failed, or could not be evaluated. */
  public sealed interface Outcome permits Passed, Failed, EvaluationError, Unsupported {}

  public record Passed() implements Outcome {}

  public record Failed() implements Outcome {}

  /** The API server rejects the object when a rule cannot be evaluated, e.g. a missing key. */
  public record EvaluationError(String reason) implements Outcome {}

  /**
   * An installed CRD's expression cel-java cannot compile (a Kubernetes CEL library function, a
   * newer syntax): spl cannot tell what the API server would say, and says nothing.
   */
  public record Unsupported(String reason) implements Outcome {}

  /** The checked ASTs of spl's expressions, written by {@link #precompile}. */
  public static final String PRECOMPILED = "/dev/spl/schema/cel-programs.bin";

  private static final CelOptions OPTIONS = CelOptions.current().enableOptionalSyntax(true).build();

  private static final Map<String, CelRuntime.Program> PROGRAMS = new ConcurrentHashMap<>();

  /** Expressions that did not compile, with why: compiled once, not on every object. */
  private static final Map<String, String> UNSUPPORTED = new ConcurrentHashMap<>();

  /** An expression cel-java cannot compile: from an installed CRD, it is input, not a bug. */
  private static final class UnsupportedExpression extends RuntimeException {
    UnsupportedExpression(String message) {
      super(message, null, false, false);
    }
  }

  private CelPrograms() {}

  /** Lazy holder: the runtime and the shipped ASTs are read when the first rule is evaluated. */
  private static final class Runtime {
    static final CelRuntime RUNTIME =
        CelRuntimeFactory.standardCelRuntimeBuilder().setOptions(OPTIONS).build();
    static final Map<String, byte[]> SHIPPED = readPrecompiled();
  }

  /** Lazy holder: the compiler is built only for an expression that was not shipped compiled. */
  private static final class Compiler {
    static final CelCompiler COMPILER =
        CelCompilerFactory.standardCelCompilerBuilder()
            .setOptions(OPTIONS)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addVar("self", SimpleType.DYN)
            .build();
  }

  /** Evaluates {@code expression} with {@code self} bound to {@code self}. */
  public static Outcome evaluate(String expression, Object self) {
    String unsupported = UNSUPPORTED.get(expression);
    if (unsupported != null) {
      return new Unsupported(unsupported);
    }
    CelRuntime.Program program;
    try {
      program = PROGRAMS.computeIfAbsent(expression, CelPrograms::program);
    } catch (UnsupportedExpression e) {
      UNSUPPORTED.put(expression, e.getMessage());
      return new Unsupported(e.getMessage());
    }
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

  private static CelRuntime.Program program(String expression) {
    byte[] shipped = Runtime.SHIPPED.get(expression);
    try {
      CelAbstractSyntaxTree ast =
          shipped != null
              ? CelProtoAbstractSyntaxTree.fromCheckedExpr(CheckedExpr.parseFrom(shipped)).getAst()
              : compile(expression);
      return Runtime.RUNTIME.createProgram(ast);
    } catch (CelEvaluationException | IOException e) {
      throw new IllegalStateException("cannot load CEL rule " + expression, e);
    }
  }

  private static CelAbstractSyntaxTree compile(String expression) {
    try {
      return Compiler.COMPILER.compile(expression).getAst();
    } catch (CelValidationException e) {
      // spl's own expressions are compiled when it is built (precompile), so a failure here is an
      // installed CRD's expression spl cannot read.
      throw new UnsupportedExpression("cel-java cannot compile it: " + firstLine(e.getMessage()));
    }
  }

  /**
   * The file {@value #PRECOMPILED} for {@code expressions}: for each, the expression (UTF) and its
   * checked AST (a cel.expr.CheckedExpr message, length-prefixed).
   */
  public static byte[] precompile(Collection<String> expressions) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      for (String expression : new TreeSet<>(expressions)) {
        byte[] ast =
            CelProtoAbstractSyntaxTree.fromCelAst(compile(expression))
                .toCheckedExpr()
                .toByteArray();
        out.writeUTF(expression);
        out.writeInt(ast.length);
        out.write(ast);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static Map<String, byte[]> readPrecompiled() {
    Map<String, byte[]> asts = new HashMap<>();
    try (InputStream in = CelPrograms.class.getResourceAsStream(PRECOMPILED)) {
      if (in == null) {
        return asts; // everything is compiled on first use
      }
      DataInputStream data = new DataInputStream(in);
      while (data.available() > 0) {
        String expression = data.readUTF();
        byte[] ast = new byte[data.readInt()];
        data.readFully(ast);
        asts.put(expression, ast);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + PRECOMPILED, e);
    }
    return asts;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "no reason given";
    }
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
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
