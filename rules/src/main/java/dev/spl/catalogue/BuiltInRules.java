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
import dev.spl.rules.f5.F5SessionCookieNotEnabled;
import dev.spl.rules.f5.F5SessionCookieRefused;
import dev.spl.rules.f5.F5StickyCookieNotApplied;
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
import dev.spl.rules.haproxy.HaproxyCookiePersistenceOnIngress;
import dev.spl.rules.haproxy.HaproxyDynamicCookiePublicKey;
import dev.spl.rules.haproxy.HaproxyIngressAffinityUnknown;
import dev.spl.rules.haproxy.HaproxyIngressCookieDomainMismatch;
import dev.spl.rules.input.AnnotationKeyMisspelt;
import dev.spl.rules.input.ChartNotRendered;
import dev.spl.rules.input.DuplicateKey;
import dev.spl.rules.input.NotAResource;
import dev.spl.rules.input.NotBuilt;
import dev.spl.rules.input.SuppressionWithoutReason;
import dev.spl.rules.input.YamlSyntax;
import dev.spl.rules.istio.IstioCookieHashPassive;
import dev.spl.rules.istio.IstioLoadBalancerConflict;
import dev.spl.rules.istio.IstioPortSettingsPortUnknown;
import dev.spl.rules.kgateway.KgatewayCookieHashPassive;
import dev.spl.rules.kgateway.KgatewayCookieSameSiteNoneInsecure;
import dev.spl.rules.kong.KongStickySessionsRefused;
import dev.spl.rules.kong.KongUpstreamPolicyInconsistent;
import dev.spl.rules.ngf.NgfHashKeyInvalid;
import dev.spl.rules.ngf.NgfHashThroughClusterIp;
import dev.spl.rules.ngf.NgfPersistenceDropped;
import dev.spl.rules.ngf.NgfPersistenceNeedsPlus;
import dev.spl.rules.ngf.NgfPersistenceWithoutPlus;
import dev.spl.rules.nginx.ClientIpBehindIngressNginx;
import dev.spl.rules.nginx.ClientIpViaServiceUpstream;
import dev.spl.rules.nginx.NginxAffinityDiffersAcrossIngresses;
import dev.spl.rules.nginx.NginxAffinityDisabled;
import dev.spl.rules.nginx.NginxAffinityOtherController;
import dev.spl.rules.nginx.NginxAnnotationNotRead;
import dev.spl.rules.nginx.NginxBalancedAffinityAutoscaled;
import dev.spl.rules.nginx.NginxCookieLifetimeDropped;
import dev.spl.rules.nginx.NginxCookieNameInvalid;
import dev.spl.rules.nginx.NginxCookiePathUnreachable;
import dev.spl.rules.nginx.NginxRegexFromAnotherIngress;
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
import dev.spl.rules.traefik.TraefikNginxProviderCookieDiffers;
import dev.spl.rules.traefik.TraefikServiceStickyCookieShared;
import dev.spl.rules.traefik.TraefikStickyCookieShared;
import dev.spl.rules.traefik.TraefikStickyMiddleware;
import dev.spl.rules.traefik.TraefikStickyNativeLb;
import dev.spl.rules.traefik.TraefikStickyOnIngress;
import dev.spl.rules.traefik.TraefikStickyRedundantOnIngress;
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
          new NotBuilt(),
          new DuplicateKey(),
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
          new NginxAffinityOtherController(),
          new NginxRegexFromAnotherIngress(),
          new F5StickyCookieNotApplied(),
          new F5SessionCookieRefused(),
          new F5SessionCookieNotEnabled(),
          new NgfHashThroughClusterIp(),
          new NgfPersistenceDropped(),
          new NgfHashKeyInvalid(),
          new NgfPersistenceWithoutPlus(),
          new NgfPersistenceNeedsPlus(),
          new KongStickySessionsRefused(),
          new KongUpstreamPolicyInconsistent(),
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
          new TraefikNginxProviderCookieDiffers(),
          new TraefikStickyRedundantOnIngress(),
          new TraefikStickyMiddleware(),
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
          new HaproxyCookiePersistenceOnIngress(),
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
      Inputs in = r.inputs();
      affinity |= in.fieldsOf(dev.spl.model.KindRole.SERVICE).contains("sessionAffinity");
      prefixes.addAll(in.annotationsOf(dev.spl.model.KindRole.SERVICE));
    }
    // a prefix another listed prefix starts already matches nothing more
    prefixes.removeIf(p -> prefixes.stream().anyMatch(q -> !q.equals(p) && p.startsWith(q)));
    return new ServiceFilter(affinity, prefixes);
  }

  /**
   * The kinds an admission webhook reviews: those some single-object rule a review runs declares it
   * reads (a sessionPersistence rule reads every kind that carries it). Not those only rules left
   * to the API server's own validation read (it refuses such objects before any webhook is called),
   * or rules whose findings cannot reach admission (lint only; a field the API server drops first).
   * A rule reading every object for spl's own annotations, or an IngressClass for its context,
   * makes no kind reviewed. The webhook's handler, the chart's webhook rules and its RBAC follow.
   */
  public static List<dev.spl.model.KindCatalogue.Kind> reviewedKinds() {
    return REVIEWED;
  }

  private static final List<dev.spl.model.KindCatalogue.Kind> REVIEWED = readBy(ALL, true);

  /**
   * The kinds single-object rules among {@code rules} read that a stored object can break: for a
   * review ({@code reviewing}), only those of rules a review runs; for the background audit also
   * those of rules left to the API server's validation (a CRD installed after an object).
   */
  static List<dev.spl.model.KindCatalogue.Kind> readBy(List<Rule> rules, boolean reviewing) {
    java.util.Set<dev.spl.model.KindCatalogue.Kind> read = new java.util.HashSet<>();
    for (Rule r : rules) {
      dev.spl.rules.RuleDefinition d =
          r.getClass().getAnnotation(dev.spl.rules.RuleDefinition.class);
      if (r instanceof IndexRule
          || d == null
          || d.lintOnly()
          || d.noPolicyBecause() == dev.spl.rules.NoPolicy.DROPPED_BEFORE_ADMISSION
          || (reviewing && d.noPolicyBecause().validatedBeforeAdmission())) {
        continue;
      }
      r.inputs().kinds().stream().filter(k -> !k.role().context()).forEach(read::add);
    }
    return dev.spl.model.KindCatalogue.all().stream().filter(read::contains).toList();
  }

  /** True when an admission webhook reviews {@code group/kind}. */
  public static boolean isReviewed(String group, String kind) {
    dev.spl.model.KindCatalogue.Kind k = dev.spl.model.KindCatalogue.find(group, kind);
    return k != null && REVIEWED.contains(k);
  }

  /**
   * The kinds a webhook keeps a cache of and may list and watch: those its background audit lints
   * (the reviewed kinds, and those of rules left to the API server's validation) and those the
   * cross-resource rules read.
   */
  public static List<dev.spl.model.KindCatalogue.Kind> watchedKinds() {
    return WATCHED;
  }

  private static final List<dev.spl.model.KindCatalogue.Kind> WATCHED =
      indexInputs().watched(readBy(ALL, false));

  /**
   * True for kinds whose problems are spl's to report: those a webhook reviews (they carry session
   * persistence or sticky settings) and the Gateways they meet. Other objects' problems (a
   * duplicate label in a Deployment) are left to kubeconform and kube-linter. A null group matches
   * any group.
   */
  public static boolean isAboutSessions(String group, String kind) {
    return dev.spl.model.KindCatalogue.all().stream()
        .anyMatch(
            k ->
                k.kind().equals(kind)
                    && (group == null || k.group().equals(group))
                    && (REVIEWED.contains(k)
                        || k.role() == dev.spl.model.KindRole.GATEWAY
                        || k.role() == dev.spl.model.KindRole.GATEWAY_CLASS));
  }

  /**
   * The chart's copy of the catalogue ({@code charts/spl-webhook/kinds.yaml}): each kind, whether
   * the webhook reviews it and watches it (as the rules' declarations decide), and whether it
   * carries persistence; then the Service filter. The chart's webhook rules and RBAC read it.
   */
  public static String chartKindsYaml() {
    List<dev.spl.model.KindCatalogue.Kind> watched = watchedKinds();
    StringBuilder out =
        new StringBuilder(
            "# Generated from the kind catalogue and the rules' declared inputs; do not edit.\n"
                + "# Regenerate: .ci/regenerate\n"
                + "kinds:\n");
    for (dev.spl.model.KindCatalogue.Kind k : dev.spl.model.KindCatalogue.all()) {
      out.append("- {group: \"")
          .append(k.group())
          .append("\", version: ")
          .append(k.version())
          .append(", kind: ")
          .append(k.kind())
          .append(", resource: ")
          .append(k.plural())
          .append(", namespaced: ")
          .append(k.namespaced())
          .append(", reviewed: ")
          .append(REVIEWED.contains(k))
          .append(", watched: ")
          .append(watched.contains(k))
          .append(", carriesPersistence: ")
          .append(k.attachment() != null)
          .append("}\n");
    }
    return out.append(serviceFilter().yaml()).toString();
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
