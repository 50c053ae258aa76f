package dev.spl.apiserver.policies;

import dev.spl.policy.ApiServerPolicy;
import dev.spl.rules.Rule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every rule's ValidatingAdmissionPolicy check, one class each. A rule is listed here or says in
 * its {@code @RuleDefinition(noPolicyBecause = ...)} why the API server cannot judge it;
 * PolicyCoverageTest holds the two together.
 */
public final class ApiServerPolicies {
  private static final List<ApiServerPolicy> ALL =
      List.of(
          new SuppressionWithoutReasonPolicy(),
          new SessionNameCollisionAcrossRulesPolicy(),
          new DeprecatedRouteInlinePolicy(),
          new DeprecatedPolicyAttachmentPolicy(),
          new CookiePathNotAbsolutePolicy(),
          new CookiePrefixViolationPolicy(),
          new PermanentZeroLifetimePolicy(),
          new GrpcCookiePersistencePolicy(),
          new ClientIpBehindSnatPolicy(),
          new ClientIpAffinityInertPolicy(),
          new NgfHashThroughClusterIpPolicy(),
          new IstioCookieHashPassivePolicy(),
          new EnvoyGatewayCookieHashPassivePolicy(),
          new KgatewayCookieHashPassivePolicy(),
          new KgatewayCookieSameSiteNoneInsecurePolicy(),
          new TraefikStickyOnIngressPolicy(),
          new TraefikStickyNativeLbPolicy(),
          new GkeCookieTtlWithoutCookiePolicy(),
          new GkeClientIpProtoAffinityPolicy(),
          new GkePolicyTargetInvalidPolicy(),
          new GkeIngressAffinityAnnotationPolicy(),
          new GkeStatefulCookieTtlRefusedPolicy(),
          new ContourStrategyUnknownPolicy(),
          new ContourStickyOnTcpProxyPolicy(),
          new HaproxyDynamicCookiePublicKeyPolicy(),
          new HaproxyIngressAffinityUnknownPolicy(),
          new HaproxyIngressCookieDomainMismatchPolicy());

  private static final Map<Class<? extends Rule>, ApiServerPolicy> BY_RULE =
      ALL.stream()
          .collect(Collectors.toUnmodifiableMap(ApiServerPolicy::rule, Function.identity()));

  private ApiServerPolicies() {}

  public static List<ApiServerPolicy> all() {
    return ALL;
  }

  /** The policy of {@code rule}, if the API server can judge it. */
  public static Optional<ApiServerPolicy> of(Rule rule) {
    return Optional.ofNullable(BY_RULE.get(rule.getClass()));
  }
}
