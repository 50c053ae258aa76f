package dev.spl.rules.ngf;

import dev.spl.index.Inputs;
import dev.spl.model.FieldPath;
import dev.spl.model.MapNode;
import dev.spl.model.MessageTemplate;
import dev.spl.model.Resource;
import dev.spl.model.ScalarNode;
import dev.spl.model.Severity;
import dev.spl.rules.NoPolicy;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleDefinition;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * SPL253: an UpstreamSettingsPolicy's {@code hash} balancing (NGINX OSS's affinity on a cookie,
 * header or address) without a key the CRD takes, said with the key NGINX would name.
 */
@RuleDefinition(
    id = "SPL253",
    name = "ngf-hash-key-invalid",
    severity = Severity.ERROR,
    summary =
        "An NGINX Gateway Fabric UpstreamSettingsPolicy hashes without a hashMethodKey or with"
            + " one its CRD refuses.",
    noPolicyBecause = NoPolicy.CRD_SCHEMA)
public final class NgfHashKeyInvalid implements ResourceRule {
  @Override
  public Inputs inputs() {
    return Inputs.of(NgfHashThroughClusterIp.KIND, Inputs.WHOLE_SPEC);
  }

  public static final MessageTemplate MISSING =
      MessageTemplate.of(
          "{method} needs hashMethodKey, the NGINX variable to hash (e.g. $cookie_session):"
              + " the API server rejects it");
  public static final MessageTemplate INVALID =
      MessageTemplate.of("hashMethodKey {key} fails the CRD's ^\\$[a-z_]+${hint}");

  /** The CRD's pattern (upstreamsettingspolicy_types.go, HashMethodKey). */
  static final Pattern KEY = Pattern.compile("^\\$[a-z_]+$");

  private static final FieldPath SPEC = FieldPath.of("spec");

  @Override
  public void check(Resource resource, RuleContext context, Reporter reporter) {
    MapNode spec =
        resource.is(NgfHashThroughClusterIp.GROUP, NgfHashThroughClusterIp.KIND)
            ? resource.spec()
            : null;
    if (spec == null || !(spec.get("loadBalancingMethod") instanceof ScalarNode m)) {
      return;
    }
    if (!("hash".equals(m.value()) || "hash consistent".equals(m.value()))) {
      return;
    }
    if (!spec.has("hashMethodKey")) {
      reporter.report(
          info(), resource, SPEC.key("loadBalancingMethod"), MISSING.format("method", m.value()));
    } else if (spec.get("hashMethodKey") instanceof ScalarNode k
        && k.value() instanceof String key
        && !KEY.matcher(key).matches()) {
      reporter.report(
          info(),
          resource,
          SPEC.key("hashMethodKey"),
          INVALID.format("key", key, "hint", hint(key)));
    }
  }

  /**
   * The key NGINX would take, when one fits the pattern: a request header's variable is lowercase
   * with dashes as underscores ($http_x_user_id); a cookie's name is matched in any case
   * (ngx_http_parse_multi_header_lines compares with ngx_strncasecmp) but a dash stays a dash, so
   * such a cookie cannot be named at all.
   */
  static String hint(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    if (lower.startsWith("$cookie_")) {
      return KEY.matcher(lower).matches()
          ? ": write " + lower + " (cookies match in any case)"
          : ": no key names a cookie with a dash; hash another key or rename the cookie";
    }
    String nginx = lower.replace('-', '_');
    if (!nginx.startsWith("$")) {
      nginx = "$" + nginx;
    }
    return KEY.matcher(nginx).matches() ? ": write " + nginx : "";
  }
}
