package dev.spl;

import dev.spl.index.Unit;
import dev.spl.load.LoadedInput;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiVersion;
import java.util.Set;

/**
 * Where the parts of an input go as an adapter reads them: a {@link Engine.LintRun}, or a recorder
 * that keeps them to lint again with one file changed (the language server).
 */
public interface PartSink {
  /** One part (a file, a chart's rendering) for {@code version}, in {@code units}. */
  void accept(LoadedInput part, GatewayApiVersion version, Set<Unit> units);

  /**
   * One part, with the Gateway API CRDs in sight that decide for it (null: none), which the
   * single-object rules may read ({@code RuleContext.crds}).
   */
  default void accept(
      LoadedInput part, GatewayApiVersion version, Set<Unit> units, CrdsInSight crds) {
    accept(part, version, units);
  }

  /** Marks {@code unit} as one that stands alone (an example, a test fixture). */
  PartSink standAlone(Unit unit);
}
