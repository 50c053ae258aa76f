package dev.spl.apiserver.policies;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.Kinds;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.PolicyCheck;
import dev.spl.rules.cross.GrpcCookiePersistence;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * SPL140 at the API server, in part: inline Cookie persistence (the default type) on a GRPCRoute's
 * rule. Cookies set by policies on its backends need the other objects.
 */
final class GrpcCookiePersistencePolicy implements ApiServerPolicy {
  @Override
  public Class<GrpcCookiePersistence> rule() {
    return GrpcCookiePersistence.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    return Optional.of(
        PolicyCheck.onSites(
                Set.of(AttachmentPoint.ROUTE_RULE),
                "(has($sp.type) ? $sp.type : 'Cookie') != 'Cookie'",
                Cel.message(GrpcCookiePersistence.INLINE),
                "")
            .onlyFor(
                List.of(
                    new PolicyCheck.Kind(
                        "gateway.networking.k8s.io", "*", Kinds.GRPC_ROUTE, "grpcroutes")),
                "cookies set by policies on the route's backends"));
  }
}
