package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.contour.ContourStrategyUnknown;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** SPL801 at the API server: the first sticky-meaning strategy Contour does not know. */
final class ContourStrategyUnknownPolicy implements ApiServerPolicy {
  @Override
  public Class<ContourStrategyUnknown> rule() {
    return ContourStrategyUnknown.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    String known =
        ContourStrategyUnknown.KNOWN.stream()
            .sorted()
            .map(Cel::quote)
            .collect(Collectors.joining(", ", "[", "]"));
    String unknown =
        Cel.of(
            "(${routes} + ${tcp}).filter(s, size(s) <= ${longest} && !(s in ${known})"
                + " && s.matches(${words}))",
            "routes",
            ContourCel.ROUTE_STRATEGIES.strip(),
            "tcp",
            ContourCel.TCP_STRATEGY.strip(),
            "known",
            known,
            "longest",
            Integer.toString(ContourStrategyUnknown.LONGEST),
            "words",
            Cel.quote(ContourStrategyUnknown.STICKY_WORDS.pattern()));
    return Optional.of(
        PolicyCheck.onObjects(
            ContourCel.HTTP_PROXIES,
            List.of(new PolicyCheck.Variable("unknown", unknown)),
            "size(variables.unknown) == 0",
            Cel.message(
                ContourStrategyUnknown.MESSAGE,
                "strategy",
                "variables.unknown[0]",
                "fix",
                "(variables.unknown[0].lowerAscii().contains('hash') ? 'RequestHash' : 'Cookie')"),
            "'spec.routes[].loadBalancerPolicy.strategy'"));
  }
}
