package dev.spl.rules.contour;

import dev.spl.index.Inputs;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;

/** SPL803: Cookie or RequestHash on an HTTPProxy's TCP proxy, which Contour ignores. */
@RuleDefinition(
    id = "SPL803",
    name = "contour-sticky-on-tcpproxy",
    severity = Severity.ERROR,
    summary =
        "A Contour HTTPProxy's tcpproxy asks for the Cookie or RequestHash strategy, which"
            + " Contour ignores for TCP proxying.")
public final class ContourStickyOnTcpProxy implements ResourceRule {
  @Override
  public Inputs inputs() {
    return ContourBalancing.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "Contour ignores {strategy} on a tcpproxy (no HTTP request to pin by) and balances"
              + " RoundRobin; use spec.routes");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    for (ContourBalancing.Site site : ContourBalancing.sitesOf(resource)) {
      String strategy = site.strategy();
      if (site.tcp()
          && (ContourBalancing.COOKIE.equals(strategy)
              || ContourBalancing.REQUEST_HASH.equals(strategy))) {
        reporter.report(
            info(), resource, site.path().key("strategy"), MESSAGE.format("strategy", strategy));
      }
    }
  }
}
