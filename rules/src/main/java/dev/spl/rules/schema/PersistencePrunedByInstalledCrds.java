package dev.spl.rules.schema;

import dev.spl.model.AttachmentPoint;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.SessionPersistenceSite;
import java.util.List;
import java.util.Optional;

/**
 * SPL031: sessionPersistence written where the Gateway API CRDs in sight have no such field (the
 * standard channel's routes) or no such kind (a standard bundle has no policy kinds). The API
 * server prunes the field, or refuses the policy, and the object is accepted without persistence.
 * Lint only: the webhook never sees the pruned field.
 */
@RuleDefinition(
    id = "SPL031",
    name = "persistence-pruned-by-installed-crds",
    severity = Severity.WARNING,
    summary =
        "sessionPersistence on a kind whose Gateway API CRD in sight (the standard channel) lacks"
            + " it: the API server drops it.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class PersistencePrunedByInstalledCrds implements SessionPersistenceRule {
  public static final MessageTemplate PRUNED =
      MessageTemplate.of(
          "{kind}'s CRD ({channel}) has no sessionPersistence: the API server drops it; install"
              + " the experimental CRDs");
  public static final MessageTemplate NO_KIND =
      MessageTemplate.of(
          "the standard-channel CRDs have no {kind}: the API server refuses it; install the"
              + " experimental CRDs");

  @Override
  public void check(SessionPersistenceSite site, Reporter reporter) {
    // Without the context there are no CRDs in sight: nothing to say.
  }

  /** Whatever shape it is written in, the whole field is dropped: said once, for the field. */
  @Override
  public boolean checksForeignShapes() {
    return true;
  }

  @Override
  public boolean checksPrunedFields() {
    return true;
  }

  @Override
  public void check(SessionPersistenceSite site, RuleContext context, Reporter reporter) {
    Optional<CrdsInSight> crds = context.crds();
    if (crds.isEmpty() || site.attachment() == AttachmentPoint.BACKEND) {
      return; // a proposal no CRD serves: SPL026 says so
    }
    Resource resource = site.resource();
    Optional<GatewayApiCrd> crd = crds.get().of(resource.kind());
    if (crd.isPresent() && crd.get().persistence() == GatewayApiCrd.Persistence.ABSENT) {
      String channel =
          crd.get().channel().isEmpty() ? "no channel" : crd.get().channel() + " channel";
      reporter.report(
          info(),
          resource,
          site.path(),
          PRUNED.format("kind", resource.kind(), "channel", channel),
          List.of(crd.get().location()));
    } else if (crd.isEmpty()
        && site.attachment() == AttachmentPoint.POLICY
        && crds.get().isStandardChannel()) {
      reporter.report(
          info(),
          resource,
          site.path(),
          NO_KIND.format("kind", resource.kind()),
          List.of(crds.get().crds().get(0).location()));
    }
  }
}
