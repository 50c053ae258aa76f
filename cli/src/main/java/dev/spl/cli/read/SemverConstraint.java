package dev.spl.cli.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A chart dependency's version constraint, read as Helm reads it (Masterminds/semver v3): {@code
 * 1.2.3}, {@code 1.2.x}, {@code ~1.2}, {@code ^0.4.1}, {@code >= 1.0, < 2}, {@code 1.0 - 1.4},
 * alternatives joined by {@code ||}. A version with a pre-release part matches only a constraint
 * that names a pre-release, as in Helm.
 */
public final class SemverConstraint {
  /** A semantic version: major.minor.patch, an optional pre-release; build metadata ignored. */
  record Version(long major, long minor, long patch, String pre) implements Comparable<Version> {
    private static final Pattern FORM =
        Pattern.compile("v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:-([0-9A-Za-z.-]+))?(?:\\+.*)?");

    static Optional<Version> parse(String text) {
      if (text == null) {
        return Optional.empty();
      }
      Matcher m = FORM.matcher(text.strip());
      if (!m.matches()) {
        return Optional.empty();
      }
      return Optional.of(
          new Version(
              Long.parseLong(m.group(1)),
              m.group(2) == null ? 0 : Long.parseLong(m.group(2)),
              m.group(3) == null ? 0 : Long.parseLong(m.group(3)),
              m.group(4) == null ? "" : m.group(4)));
    }

    @Override
    public int compareTo(Version o) {
      int c = Long.compare(major, o.major);
      c = c != 0 ? c : Long.compare(minor, o.minor);
      c = c != 0 ? c : Long.compare(patch, o.patch);
      if (c != 0 || pre.equals(o.pre)) {
        return c;
      }
      if (pre.isEmpty() || o.pre.isEmpty()) {
        return pre.isEmpty() ? 1 : -1; // a release is above its pre-releases
      }
      return comparePre(pre, o.pre);
    }

    private static int comparePre(String a, String b) {
      String[] x = a.split("\\.");
      String[] y = b.split("\\.");
      for (int i = 0; i < Math.min(x.length, y.length); i++) {
        boolean nx = x[i].matches("\\d+");
        boolean ny = y[i].matches("\\d+");
        int c =
            nx && ny
                ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i]))
                : nx ? -1 : ny ? 1 : x[i].compareTo(y[i]);
        if (c != 0) {
          return c;
        }
      }
      return Integer.compare(x.length, y.length);
    }
  }

  private final List<List<Predicate<Version>>> alternatives; // OR of ANDs
  private final boolean namesPreRelease;

  private SemverConstraint(List<List<Predicate<Version>>> alternatives, boolean namesPreRelease) {
    this.alternatives = alternatives;
    this.namesPreRelease = namesPreRelease;
  }

  private static final Pattern TERM =
      Pattern.compile(
          "(!=|>=|<=|=>|=<|~>|[=<>~^])?\\s*v?([0-9xX*]+(?:\\.[0-9xX*]+){0,2}(?:-[0-9A-Za-z.-]+)?(?:\\+\\S*)?)");

  static SemverConstraint parse(String text) {
    List<List<Predicate<Version>>> ors = new ArrayList<>();
    boolean pre = text.matches(".*\\d-[0-9A-Za-z].*");
    for (String alternative : text.split("\\|\\|")) {
      List<Predicate<Version>> ands = new ArrayList<>();
      String a = alternative.strip();
      Matcher hyphen =
          Pattern.compile("(\\S+)\\s+-\\s+(\\S+)").matcher(a); // 1.2 - 1.4: both ends included
      if (hyphen.matches()) {
        ands.add(term(">=", hyphen.group(1)));
        ands.add(term("<=", hyphen.group(2)));
      } else if (a.isEmpty() || a.equals("*") || a.equalsIgnoreCase("x")) {
        ands.add(v -> true);
      } else {
        Matcher m = TERM.matcher(a);
        int at = 0;
        while (m.find()) {
          if (!a.substring(at, m.start()).matches("[\\s,]*")) {
            ands.add(v -> false); // words between terms: a constraint Helm would refuse
          }
          ands.add(term(m.group(1) == null ? "=" : m.group(1), m.group(2)));
          at = m.end();
        }
        if (ands.isEmpty() || !a.substring(at).isBlank()) {
          ands.add(v -> false);
        }
      }
      ors.add(ands);
    }
    return new SemverConstraint(ors, pre);
  }

  boolean allows(Version v) {
    if (!v.pre().isEmpty() && !namesPreRelease) {
      return false;
    }
    for (List<Predicate<Version>> ands : alternatives) {
      if (ands.stream().allMatch(p -> p.test(v))) {
        return true;
      }
    }
    return false;
  }

  /** One term: {@code op} and a version that may leave parts out or write them as x or *. */
  private static Predicate<Version> term(String op, String written) {
    String[] core = written.split("[-+]", 2)[0].split("\\.");
    int given = 0; // how many leading parts are numbers
    while (given < core.length && core[given].matches("\\d+")) {
      given++;
    }
    Version low = Version.parse(written.replaceAll("[xX*]", "0")).orElse(new Version(0, 0, 0, ""));
    if (given < 3 && low.pre().isEmpty()) {
      low = new Version(low.major(), given > 1 ? low.minor() : 0, 0, "");
    }
    Version above = bump(low, given); // the first version past the wildcard's range
    final Version lo = low;
    return switch (op) {
      case "=" -> given >= 3 ? v -> v.compareTo(lo) == 0 : v -> inRange(v, lo, above);
      case "!=" -> given >= 3 ? v -> v.compareTo(lo) != 0 : v -> !inRange(v, lo, above);
      case ">" -> given >= 3 ? v -> v.compareTo(lo) > 0 : v -> v.compareTo(above) >= 0;
      case ">=", "=>" -> v -> v.compareTo(lo) >= 0;
      case "<" -> v -> v.compareTo(lo) < 0;
      case "<=", "=<" -> given >= 3 ? v -> v.compareTo(lo) <= 0 : v -> v.compareTo(above) < 0;
      case "~", "~>" -> {
        Version end = given <= 1 ? bump(lo, 1) : bump(lo, 2);
        yield v -> inRange(v, lo, end);
      }
      case "^" -> {
        Version end =
            lo.major() > 0 || given <= 1
                ? bump(lo, 1)
                : lo.minor() > 0 || given == 2 ? bump(lo, 2) : bump(lo, 3);
        yield v -> inRange(v, lo, end);
      }
      default -> v -> false;
    };
  }

  private static boolean inRange(Version v, Version lo, Version end) {
    return v.compareTo(lo) >= 0 && (end == null || v.compareTo(end) < 0);
  }

  /** The version after the range the first {@code parts} parts of {@code v} fix; null for none. */
  private static Version bump(Version v, int parts) {
    return switch (parts) {
      case 0 -> null;
      case 1 -> new Version(v.major() + 1, 0, 0, "");
      case 2 -> new Version(v.major(), v.minor() + 1, 0, "");
      default -> new Version(v.major(), v.minor(), v.patch() + 1, "");
    };
  }
}
