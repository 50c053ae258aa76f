package dev.spl.webhook;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.index.ObjectKey;
import dev.spl.model.Finding;
import dev.spl.model.Resource;
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
  private final Engine engine;
  private final LintOptions options;
  private final java.util.function.Supplier<dev.spl.config.SplConfig> config;
  private final Map<ObjectKey, List<Finding>> byObject = new ConcurrentHashMap<>();
  private final AtomicLong changes = new AtomicLong();

  ObjectFindings(Engine engine, LintOptions options) {
    this(engine, options, dev.spl.config.SplConfig::none);
  }

  /** As the admission reviews do, the admin's configuration says what annotations may silence. */
  ObjectFindings(
      Engine engine,
      LintOptions options,
      java.util.function.Supplier<dev.spl.config.SplConfig> config) {
    this.engine = engine;
    this.options = options;
    this.config = config;
  }

  void update(Resource resource) {
    List<Finding> found =
        engine.lint(
            List.of(resource),
            options.withAnnotationSuppressions(config.get().admission().annotationSuppressions()));
    ObjectKey key = ObjectKey.of(resource);
    List<Finding> before =
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

  List<Finding> all() {
    List<Finding> out = new ArrayList<>();
    byObject.values().forEach(out::addAll);
    return out;
  }
}
