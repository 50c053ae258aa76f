package dev.spl.policy;

import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Pieces of CEL that several rules' policy checks are written with. */
public final class CelText {
  /** HTTPRoute and GRPCRoute allow at most this many rules (maxItems in every version's CRD). */
  public static final int MAX_ROUTE_RULES = 16;

  /** A route rule allows at most this many backendRefs (maxItems in every version's CRD). */
  public static final int MAX_BACKEND_REFS = 16;

  /**
   * Annotations are compared ignoring case by scanning them all, which costs about 12 units of the
   * API server's 1,000,000 per expression for each one; an object with more than this many (the 256
   * KiB annotation limit allows some 65,000 short ones) is matched on exact spellings only (the id
   * in upper or lower case, the name in lower case), so no expression can run out of budget.
   */
  public static final int MAX_SCANNED_ANNOTATIONS = 16_384;

  /** Services, as the API server serves them. */
  public static final PolicyCheck.Kind SERVICES =
      PolicyCheck.Kind.servedAs(KindCatalogue.find("", Kinds.SERVICE));

  /** The kinds whose rules carry inline persistence and backendRefs. */
  public static final List<PolicyCheck.Kind> ROUTES = PolicyCheck.Kind.anyVersionOf(KindRole.ROUTE);

  /**
   * {@code variables.rules}, the route's rules (empty when absent), and {@code variables.indices},
   * their indices. CEL in Kubernetes 1.30 has no indexed comprehension, so the indices are a list
   * literal as long as the schema allows.
   */
  public static final List<PolicyCheck.Variable> ROUTE_RULES =
      List.of(
          new PolicyCheck.Variable(
              "rules",
              "has(object.spec) && has(object.spec.rules) && type(object.spec.rules) == list ?"
                  + " object.spec.rules : []"),
          new PolicyCheck.Variable(
              "indices", upTo(MAX_ROUTE_RULES) + ".filter(i, i < size(variables.rules))"));

  private CelText() {}

  /** {@code [0, 1, ..., n - 1]}. */
  public static String upTo(int n) {
    return IntStream.range(0, n)
        .mapToObj(Integer::toString)
        .collect(Collectors.joining(", ", "[", "]"));
  }

  /** The string at {@code select}, or {@code otherwise} when absent or not a string. */
  public static String stringOr(String select, String otherwise) {
    return "(has("
        + select
        + ") && type("
        + select
        + ") == string ? "
        + select
        + " : "
        + otherwise
        + ")";
  }

  /**
   * {@code "name"} (with a leading space) for an object at {@code select} that has a name, else the
   * empty string: how messages quote a cookie's name.
   */
  public static String quotedName(String select) {
    return "(has(" + select + ".name) ? ' \"' + " + select + ".name + '\"' : '')";
  }

  /** The string {@code value} parses as true with Go's strconv.ParseBool. */
  public static String goBoolTrue(String value) {
    return value
        + dev.spl.rules.GoBool.TRUE.stream().collect(Collectors.joining("', '", " in ['", "']"));
  }

  /** True when {@code select} is present and is the string {@code value}. */
  public static String isString(String select, String value) {
    return "(has("
        + select
        + ") && type("
        + select
        + ") == string && "
        + select
        + " == "
        + value
        + ")";
  }
}
