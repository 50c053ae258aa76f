package dev.spl.rules.gke;

import dev.spl.index.Inputs;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.Severity;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Set;

/** SPL701: a GCPBackendPolicy cookie lifetime on an affinity that sets no cookie. */
@RuleDefinition(
    id = "SPL701",
    name = "gke-cookie-ttl-without-cookie",
    severity = Severity.WARNING,
    summary = "A GKE GCPBackendPolicy sets cookieTtlSec on an affinity that uses no cookie.")
public final class GkeCookieTtlWithoutCookie implements ResourceRule {
  @Override
  public Inputs inputs() {
    return GkeAffinity.INPUTS;
  }

  public static final MessageTemplate MESSAGE =
      MessageTemplate.of(
          "cookieTtlSec needs GENERATED_COOKIE or HTTP_COOKIE affinity; with {type} there is no"
              + " cookie to time");

  static final Set<String> COOKIE_TYPES = Set.of("GENERATED_COOKIE", "HTTP_COOKIE");

  /** The types of the enum that set no cookie (for the policy). */
  public static final Set<String> COOKIELESS_TYPES =
      GkeAffinityValueRefused.TYPES.stream()
          .filter(t -> !COOKIE_TYPES.contains(t))
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode affinity = GkeAffinity.of(resource);
    if (affinity == null || !affinity.has("cookieTtlSec")) {
      return;
    }
    String type = GkeAffinity.type(affinity);
    // a type outside the enum is SPL708's: the policy is refused before any cookie question
    if (COOKIELESS_TYPES.contains(type)) {
      reporter.report(
          info(), resource, GkeAffinity.PATH.key("cookieTtlSec"), MESSAGE.format("type", type));
    }
  }
}
