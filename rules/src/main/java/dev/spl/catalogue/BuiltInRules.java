package dev.spl.catalogue;

import dev.spl.index.Inputs;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Rule;
import dev.spl.rules.aws.AlbRuleStickinessDurationRefused;
import dev.spl.rules.aws.AlbStickinessAttributesInvalid;
import dev.spl.rules.aws.AlbStickinessOnInstanceTargets;
import dev.spl.rules.aws.AlbWeightedForwardWithoutGroupStickiness;
import dev.spl.rules.aws.NlbTlsListenerGroupStickiness;
import dev.spl.rules.cel.CookieNeedsCookieType;
import dev.spl.rules.cel.CookieTypeNeedsCookie;
import dev.spl.rules.cel.HeaderNeedsHeaderType;
import dev.spl.rules.cel.HeaderTypeNeedsHeader;
import dev.spl.rules.cel.InstalledCrdRule;
import dev.spl.rules.cel.PermanentNeedsAbsoluteTimeout;
import dev.spl.rules.contour.ContourRequestHashIgnored;
import dev.spl.rules.contour.ContourStickyOnTcpProxy;
import dev.spl.rules.contour.ContourStrategyUnknown;
import dev.spl.rules.cookie.CookiePathNotAbsolute;
import dev.spl.rules.cookie.CookiePrefixViolation;
import dev.spl.rules.cookie.PermanentZeroLifetime;
import dev.spl.rules.cross.BackendCrossNamespace;
import dev.spl.rules.cross.ControllerIgnoresPersistence;
import dev.spl.rules.cross.CookiePathUnreachable;
import dev.spl.rules.cross.DeprecatedPolicyAttachment;
import dev.spl.rules.cross.DeprecatedRouteInline;
import dev.spl.rules.cross.DoubleAttachment;
import dev.spl.rules.cross.DuplicateResource;
import dev.spl.rules.cross.GrpcCookiePersistence;
import dev.spl.rules.cross.HostCookiePathFromMatch;
import dev.spl.rules.cross.PartialPersistenceInSplit;
import dev.spl.rules.cross.RenamedTarget;
import dev.spl.rules.cross.ServiceAffinityConflict;
import dev.spl.rules.cross.SessionCookieSharedOnRoot;
import dev.spl.rules.cross.SessionNameCollisionAcrossRoutes;
import dev.spl.rules.cross.SessionNameCollisionAcrossRules;
import dev.spl.rules.cross.SessionNameCollisionInSplit;
import dev.spl.rules.envoygateway.EnvoyGatewayCookieHashPassive;
import dev.spl.rules.gke.GkeAffinityFieldUnknown;
import dev.spl.rules.gke.GkeAffinityFrontMismatch;
import dev.spl.rules.gke.GkeAffinityValueRefused;
import dev.spl.rules.gke.GkeClientIpProtoAffinity;
import dev.spl.rules.gke.GkeCookieTtlWithoutCookie;
import dev.spl.rules.gke.GkeHashAffinityWithoutRingHash;
import dev.spl.rules.gke.GkeIngressAffinityAnnotation;
import dev.spl.rules.gke.GkePolicyTargetInvalid;
import dev.spl.rules.gke.GkeStatefulCookieTtlRefused;
import dev.spl.rules.haproxy.HaproxyCookiePersistenceBoth;
import dev.spl.rules.haproxy.HaproxyDynamicCookiePublicKey;
import dev.spl.rules.haproxy.HaproxyIngressAffinityUnknown;
import dev.spl.rules.haproxy.HaproxyIngressCookieDomainMismatch;
import dev.spl.rules.input.AnnotationKeyMisspelt;
import dev.spl.rules.input.ChartNotRendered;
import dev.spl.rules.input.NotAResource;
import dev.spl.rules.input.SuppressionWithoutReason;
import dev.spl.rules.input.YamlSyntax;
import dev.spl.rules.istio.IstioCookieHashPassive;
import dev.spl.rules.istio.IstioLoadBalancerConflict;
import dev.spl.rules.istio.IstioPortSettingsPortUnknown;
import dev.spl.rules.kgateway.KgatewayCookieHashPassive;
import dev.spl.rules.kgateway.KgatewayCookieSameSiteNoneInsecure;
import dev.spl.rules.ngf.NgfHashKeyInvalid;
import dev.spl.rules.ngf.NgfHashThroughClusterIp;
import dev.spl.rules.ngf.NgfPersistenceDropped;
import dev.spl.rules.ngf.NgfPersistenceNeedsPlus;
import dev.spl.rules.ngf.NgfPersistenceWithoutPlus;
import dev.spl.rules.nginx.ClientIpBehindIngressNginx;
import dev.spl.rules.nginx.ClientIpViaServiceUpstream;
import dev.spl.rules.nginx.NginxAffinityDiffersAcrossIngresses;
import dev.spl.rules.nginx.NginxAffinityDisabled;
import dev.spl.rules.nginx.NginxAnnotationNotRead;
import dev.spl.rules.nginx.NginxBalancedAffinityAutoscaled;
import dev.spl.rules.nginx.NginxCookieLifetimeDropped;
import dev.spl.rules.nginx.NginxCookieNameInvalid;
import dev.spl.rules.nginx.NginxCookiePathUnreachable;
import dev.spl.rules.nginx.NginxSameSiteNoneInsecure;
import dev.spl.rules.schema.BackendShape;
import dev.spl.rules.schema.CookiePathTooLong;
import dev.spl.rules.schema.DurationNotCanonical;
import dev.spl.rules.schema.InvalidCookieName;
import dev.spl.rules.schema.InvalidDuration;
import dev.spl.rules.schema.InvalidEnum;
import dev.spl.rules.schema.InvalidHeaderName;
import dev.spl.rules.schema.MisplacedSessionPersistence;
import dev.spl.rules.schema.PersistencePrunedByInstalledCrds;
import dev.spl.rules.schema.SessionNameTooLong;
import dev.spl.rules.schema.UnknownField;
import dev.spl.rules.schema.WrongType;
import dev.spl.rules.service.ClientIpAffinityInert;
import dev.spl.rules.service.ClientIpBehindSnat;
import dev.spl.rules.service.ClientIpConfigIgnored;
import dev.spl.rules.service.InvalidAffinityTimeout;
import dev.spl.rules.traefik.TraefikServiceStickyCookieShared;
import dev.spl.rules.traefik.TraefikStickyCookieShared;
import dev.spl.rules.traefik.TraefikStickyNativeLb;
import dev.spl.rules.traefik.TraefikStickyOnIngress;
import java.util.List;
import java.util.Optional;

/** The rule catalogue, in id order. Ids are permanent; a new rule takes a new id. */
public final class BuiltInRules {
  private static final List<Rule> ALL =
      List.of(
          new YamlSyntax(),
          new NotAResource(),
          new SuppressionWithoutReason(),
          new ChartNotRendered(),
          new AnnotationKeyMisspelt(),
          new PermanentNeedsAbsoluteTimeout(),
          new CookieNeedsCookieType(),
          new CookieTypeNeedsCookie(),
          new HeaderNeedsHeaderType(),
          new HeaderTypeNeedsHeader(),
          new InvalidEnum(),
          new InvalidDuration(),
          new InvalidCookieName(),
          new InvalidHeaderName(),
          new CookiePathTooLong(),
          new SessionNameTooLong(),
          new UnknownField(),
          new WrongType(),
          new InvalidAffinityTimeout(),
          new BackendShape(),
          new DurationNotCanonical(),
          new PersistencePrunedByInstalledCrds(),
          new InstalledCrdRule(),
          new MisplacedSessionPersistence(),
          new SessionNameCollisionInSplit(),
          new SessionNameCollisionAcrossRules(),
          new SessionNameCollisionAcrossRoutes(),
          new DuplicateResource(),
          new RenamedTarget(),
          new ServiceAffinityConflict(),
          new DeprecatedRouteInline(),
          new DeprecatedPolicyAttachment(),
          new DoubleAttachment(),
          new PartialPersistenceInSplit(),
          new BackendCrossNamespace(),
          new CookiePathUnreachable(),
          new CookiePathNotAbsolute(),
          new CookiePrefixViolation(),
          new PermanentZeroLifetime(),
          new HostCookiePathFromMatch(),
          new SessionCookieSharedOnRoot(),
          new GrpcCookiePersistence(),
          new ControllerIgnoresPersistence(),
          new ClientIpBehindSnat(),
          new ClientIpAffinityInert(),
          new ClientIpBehindIngressNginx(),
          new ClientIpViaServiceUpstream(),
          new ClientIpConfigIgnored(),
          new NginxAffinityDisabled(),
          new NginxCookieLifetimeDropped(),
          new NginxCookieNameInvalid(),
          new NginxAnnotationNotRead(),
          new NginxSameSiteNoneInsecure(),
          new NginxAffinityDiffersAcrossIngresses(),
          new NginxBalancedAffinityAutoscaled(),
          new NginxCookiePathUnreachable(),
          new NgfHashThroughClusterIp(),
          new NgfPersistenceDropped(),
          new NgfHashKeyInvalid(),
          new NgfPersistenceWithoutPlus(),
          new NgfPersistenceNeedsPlus(),
          new IstioCookieHashPassive(),
          new IstioLoadBalancerConflict(),
          new IstioPortSettingsPortUnknown(),
          new EnvoyGatewayCookieHashPassive(),
          new KgatewayCookieHashPassive(),
          new KgatewayCookieSameSiteNoneInsecure(),
          new TraefikStickyOnIngress(),
          new TraefikStickyNativeLb(),
          new TraefikStickyCookieShared(),
          new TraefikServiceStickyCookieShared(),
          new AlbStickinessOnInstanceTargets(),
          new AlbStickinessAttributesInvalid(),
          new AlbWeightedForwardWithoutGroupStickiness(),
          new NlbTlsListenerGroupStickiness(),
          new AlbRuleStickinessDurationRefused(),
          new GkeCookieTtlWithoutCookie(),
          new GkeClientIpProtoAffinity(),
          new GkePolicyTargetInvalid(),
          new GkeAffinityFieldUnknown(),
          new GkeHashAffinityWithoutRingHash(),
          new GkeIngressAffinityAnnotation(),
          new GkeAffinityFrontMismatch(),
          new GkeAffinityValueRefused(),
          new GkeStatefulCookieTtlRefused(),
          new ContourStrategyUnknown(),
          new ContourRequestHashIgnored(),
          new ContourStickyOnTcpProxy(),
          new HaproxyDynamicCookiePublicKey(),
          new HaproxyCookiePersistenceBoth(),
          new HaproxyIngressAffinityUnknown(),
          new HaproxyIngressCookieDomainMismatch());

  private BuiltInRules() {}

  public static List<Rule> all() {
    return ALL;
  }

  /**
   * What makes a Service worth an admission review: some rule reads its {@code sessionAffinity}
   * (then a ClientIP Service is sent), or an annotation under one of these prefixes. Derived from
   * what every rule declares it reads of Services (a cross-resource rule's {@code inputs()}, a
   * single-object rule's too), so the chart's filter cannot fall behind the rules.
   */
  public record ServiceFilter(boolean sessionAffinity, java.util.SortedSet<String> prefixes) {
    /** The chart's copy: appended to kinds.yaml. */
    public String yaml() {
      StringBuilder out =
          new StringBuilder("serviceFilter:\n  sessionAffinity: " + sessionAffinity + "\n");
      out.append("  annotationPrefixes:\n");
      for (String p : prefixes) {
        out.append("  - \"").append(p).append("\"\n");
      }
      return out.toString();
    }
  }

  /** The Service filter the rules' declared inputs give. */
  public static ServiceFilter serviceFilter() {
    boolean affinity = false;
    java.util.SortedSet<String> prefixes = new java.util.TreeSet<>();
    for (Rule r : ALL) {
      Inputs in =
          r instanceof dev.spl.rules.IndexRule ir
              ? ir.inputs()
              : r instanceof dev.spl.rules.ResourceRule rr ? rr.inputs() : Inputs.NONE;
      affinity |=
          in.fields()
              .getOrDefault(dev.spl.model.KindRole.SERVICE, java.util.Set.of())
              .contains("sessionAffinity");
      prefixes.addAll(
          in.annotations().getOrDefault(dev.spl.model.KindRole.SERVICE, java.util.Set.of()));
    }
    // a prefix another listed prefix starts already matches nothing more
    prefixes.removeIf(p -> prefixes.stream().anyMatch(q -> !q.equals(p) && p.startsWith(q)));
    return new ServiceFilter(affinity, prefixes);
  }

  /** Everything the built-in cross-resource rules read. */
  public static Inputs indexInputs() {
    return inputsOf(ALL);
  }

  /** Everything the cross-resource rules among {@code rules} read. */
  public static Inputs inputsOf(List<Rule> rules) {
    List<Inputs> all = new java.util.ArrayList<>();
    all.add(dev.spl.index.ResourceIndex.INPUTS);
    rules.stream()
        .filter(IndexRule.class::isInstance)
        .map(r -> ((IndexRule) r).inputs())
        .forEach(all::add);
    return Inputs.union(all);
  }

  /** The rule with this id (SPL010) or name (permanent-needs-absolute-timeout), any case. */
  public static Optional<Rule> find(String idOrName) {
    for (Rule r : ALL) {
      if (r.info().id().equalsIgnoreCase(idOrName) || r.info().name().equalsIgnoreCase(idOrName)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** {@code "; did you mean 'SPL102'?"} for a mistyped id or name, or an empty string. */
  public static String didYouMean(String idOrName) {
    List<String> known = new java.util.ArrayList<>();
    for (Rule r : ALL) {
      known.add(r.info().id());
      known.add(r.info().name());
    }
    return dev.spl.model.Suggestions.didYouMean(idOrName, known);
  }
}
