package dev.spl.apiserver.policies;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.policy.Cel;
import dev.spl.policy.CelText;
import dev.spl.policy.PolicyCheck;
import dev.spl.policy.PolicyCheck.Variable;
import dev.spl.rules.Suppressions;
import dev.spl.rules.input.SuppressionWithoutReason;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * SPL003 at the API server: the object alone decides it, on every kind the webhook reviews. Rule
 * ids and names are a map literal, compared in lower case as spl lint compares them ignoring case.
 * Objects with more annotations than {@link CelText#MAX_SCANNED_ANNOTATIONS} are not scanned (the
 * cost budget).
 */
final class SuppressionWithoutReasonPolicy implements ApiServerPolicy {
  @Override
  public Class<SuppressionWithoutReason> rule() {
    return SuppressionWithoutReason.class;
  }

  @Override
  public Optional<PolicyCheck> policyCheck(GatewayApiVersion version) {
    // a map, not a list: "in" a map costs one unit, "in" a list one per element
    String known =
        BuiltInRules.all().stream()
            .flatMap(r -> Stream.of(r.info().id(), r.info().name()))
            .map(n -> Cel.quote(n.toLowerCase(Locale.ROOT)) + ": true")
            .collect(Collectors.joining(", ", "{", "}"));
    String first = "variables.problems[0]";
    return Optional.of(
        PolicyCheck.onObjects(
            BuiltInRules.reviewedKinds().stream().map(PolicyCheck.Kind::anyVersionOf).toList(),
            List.of(
                new Variable("known", known),
                new Variable(
                    "suppressions",
                    Cel.of(
                        """
                        has(object.metadata.annotations)
                          && size(object.metadata.annotations) <= ${max}
                          ? object.metadata.annotations.filter(k, k.startsWith(${prefix})) : []
                        """,
                        "max",
                        Integer.toString(CelText.MAX_SCANNED_ANNOTATIONS),
                        "prefix",
                        Cel.quote(Suppressions.PREFIX))),
                new Variable(
                    "problems",
                    Cel.of(
                        """
                        variables.suppressions.filter(k,
                          ${unknown} || object.metadata.annotations[k].trim() == '')
                        """,
                        "unknown",
                        unknown("k")))),
            "size(variables.problems) == 0",
            Cel.of(
                "${unknown} ? ${namesNoRule} : ${noReason}",
                "unknown",
                unknown(first),
                "namesNoRule",
                Cel.message(SuppressionWithoutReason.NAMES_NO_RULE, "key", first),
                "noReason",
                Cel.message(SuppressionWithoutReason.NO_REASON, "key", first)),
            "'metadata.annotations.' + " + first));
  }

  /** The annotation key {@code key} names no rule (compared in lower case). */
  private static String unknown(String key) {
    return Cel.of(
        "!(${key}.substring(${length}).lowerAscii() in variables.known)",
        "key",
        key,
        "length",
        Integer.toString(Suppressions.PREFIX.length()));
  }
}
