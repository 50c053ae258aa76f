package dev.spl.webhook;

import dev.spl.Engine;
import dev.spl.Judgement;
import dev.spl.LintOptions;
import dev.spl.index.ObjectKey;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
import dev.spl.rules.AnnotationSuppressions;
import dev.spl.rules.Suppressions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The single-object findings of every cached object, computed when the informers see it change (the
 * cache keeps only projections, which single-object rules cannot judge). The background audit adds
 * the cross-resource findings over the whole cache and writes the reports.
 */
final class ObjectFindings {
  /** A finding as made, and whether the object's own ignore annotation names its rule. */
  private record Made(Finding finding, boolean annotated) {}

  private final Engine engine;
  private final LintOptions options;
  private final Map<ObjectKey, List<Made>> byObject = new ConcurrentHashMap<>();
  private final AtomicLong changes = new AtomicLong();

  /**
   * Findings are kept as made, at their rules' own severities and with no annotation hiding
   * anything, and judged when the audit asks ({@link #all}): the admin's configuration may be
   * reloaded in between, and the objects themselves are not kept to lint again.
   */
  ObjectFindings(Engine engine, LintOptions options) {
    this.engine = engine;
    this.options = options.withAnnotationSuppressions(AnnotationSuppressions.NONE);
  }

  void update(Resource resource) {
    List<Made> found = new ArrayList<>();
    for (Finding f : engine.lint(List.of(resource), options)) {
      found.add(new Made(f, Suppressions.isSuppressed(resource, f.ruleId(), f.ruleName())));
    }
    ObjectKey key = ObjectKey.of(resource);
    List<Made> before =
        found.isEmpty() ? byObject.remove(key) : byObject.put(key, List.copyOf(found));
    if (!found.equals(before == null ? List.of() : before)) {
      changes.incrementAndGet();
    }
  }

  void remove(Resource resource) {
    if (byObject.remove(ObjectKey.of(resource)) != null) {
      changes.incrementAndGet();
    }
  }

  /** Grows by one at each change to what is found: the audit runs again when it moved. */
  long changes() {
    return changes.get();
  }

  /** Every object's findings as {@code judgement} (the admin's, now) has them. */
  List<Finding> all(Judgement judgement) {
    List<Finding> out = new ArrayList<>();
    for (List<Made> made : byObject.values()) {
      for (Made m : made) {
        judgement.judge(m.finding(), m.annotated()).ifPresent(out::add);
      }
    }
    return out;
  }
}
