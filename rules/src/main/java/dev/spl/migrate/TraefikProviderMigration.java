package dev.spl.migrate;

import dev.spl.index.IngressPath;
import dev.spl.load.ManifestLoader;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import dev.spl.rules.nginx.NginxIngress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The migration that keeps the Ingresses: Traefik's ingress-nginx provider serves them as they are,
 * reading the same annotations, but builds another cookie (traefik/traefik
 * pkg/provider/kubernetes/ingress-nginx translator.go buildSticky and annotations.go, master at
 * v3.7). Each affinity annotation is reported as carried, approximated or not carried, and the
 * annotations that give Traefik's cookie ingress-nginx's Secure and Path are written in.
 */
final class TraefikProviderMigration {
  private static final String CANARY_BEHAVIOR =
      "the canary choice is always pinned, by the -wrr cookie (legacy let canary clients bounce)";

  private final Report report = new Report();
  private final dev.spl.schema.GatewayApiVersion version;
  private final List<String> inputProblems = new ArrayList<>();
  private int added;

  TraefikProviderMigration(dev.spl.schema.GatewayApiVersion version) {
    this.version = version;
  }

  /** The Ingress sources with what Traefik needs written in, and the report. */
  IngressNginxMigration.Result migrate(List<IngressNginxMigration.Source> sources) {
    List<Node> documents = new ArrayList<>();
    boolean anyAffinity = false;
    for (IngressNginxMigration.Source s : sources) {
      List<Resource> loaded = new ManifestLoader().loadText(s.name(), s.text()).resources();
      List<Node> parsed;
      try {
        parsed = YamlTree.parseAll(s.text());
      } catch (org.snakeyaml.engine.v2.exceptions.YamlEngineException
          | IllegalArgumentException e) {
        inputProblems.add(s.name() + ": not YAML spl can edit: " + YamlTree.describe(e));
        continue;
      }
      for (Node doc : parsed) {
        Resource r = matching(doc, loaded);
        if (r == null && Kinds.INGRESS.equals(YamlTree.text(doc, "kind"))) {
          // the loader names what it could not read; an Ingress it read is matched by name
          report.add(
              "input",
              "metadata.name",
              Outcome.NOTE,
              "an Ingress without metadata.name is kept as written, not migrated");
        }
        NginxIngress ing = r == null ? null : NginxIngress.of(r);
        if (ing != null && ing.has("affinity")) {
          anyAffinity = true;
          carry(ing, (MappingNode) doc);
        } else if (ing != null && ing.isTrue("canary")) {
          report.add(
              "Ingress " + ing.label(),
              "canary",
              Outcome.MAPPED,
              "kept: Traefik weighs it against its main Ingress's backend and pins the choice with"
                  + " a cookie named after the main one with -wrr added");
          notRead(ing, "Ingress " + ing.label(), "affinity-canary-behavior", CANARY_BEHAVIOR);
        }
        documents.add(doc);
      }
    }
    if (!anyAffinity) {
      report.add("input", "affinity", Outcome.NOTE, "no ingress-nginx Ingress with affinity");
    } else {
      report.add(
          "input",
          "target",
          Outcome.NOTE,
          MigrationTarget.TRAEFIK_INGRESS_NGINX.product()
              + " "
              + MigrationTarget.TRAEFIK_INGRESS_NGINX.note());
    }
    String yaml = documents.isEmpty() ? "" : YamlTree.emitAll(documents);
    // what it writes is linted as every migration's output is: no error the input did not have
    List<dev.spl.model.Finding> introduced =
        IngressNginxMigration.introducedErrors(sources, yaml, version);
    return new IngressNginxMigration.Result(yaml, report, introduced, added, inputProblems);
  }

  /** The loaded object {@code doc} is, by kind, namespace and name. */
  private static Resource matching(Node doc, List<Resource> loaded) {
    Node metadata = YamlTree.get(doc, "metadata");
    String kind = YamlTree.text(doc, "kind");
    String name = YamlTree.text(metadata, "name");
    String namespace = YamlTree.text(metadata, "namespace");
    return loaded.stream()
        .filter(
            r ->
                Objects.equals(r.kind(), kind)
                    && Objects.equals(r.name(), name)
                    && Objects.equals(
                        r.namespace() == null || r.namespace().isEmpty() ? null : r.namespace(),
                        namespace))
        .findFirst()
        .orElse(null);
  }

  private void carry(NginxIngress ing, MappingNode doc) {
    String who = "Ingress " + ing.label();
    if (!ing.cookieAffinity()) {
      report.affinityNotCookie(who, ing.raw("affinity"), "neither ingress-nginx nor Traefik pins");
      return;
    }
    report.add(who, "affinity", Outcome.MAPPED, "cookie -> Traefik's sticky cookie, HttpOnly");
    for (String same :
        List.of(
            "session-cookie-name",
            "session-cookie-max-age",
            "session-cookie-samesite",
            "session-cookie-domain",
            "session-cookie-secure",
            "session-cookie-path")) {
      if (ing.has(same)) {
        report.add(who, same, Outcome.MAPPED, ing.raw(same) + ", read as ingress-nginx reads it");
      }
    }
    if (ing.has("session-cookie-expires")) {
      report.add(
          who,
          "session-cookie-expires",
          Outcome.MAPPED,
          "read from Traefik v3.7 (v3.6 ignores it: keep session-cookie-max-age beside it)");
    }
    if (ing.hasTls() && !ing.isTrue("session-cookie-secure")) {
      annotate(doc, "session-cookie-secure", "true");
      report.add(
          who,
          "spec.tls",
          Outcome.MAPPED,
          "session-cookie-secure: \"true\" written: ingress-nginx marked the cookie Secure on"
              + " HTTPS, Traefik only when asked");
    }
    if (!ing.has("session-cookie-path")) {
      List<String> paths =
          IngressPath.of(ing.resource()).stream()
              .map(IngressPath::path)
              .filter(p -> p != null && !p.isEmpty())
              .distinct()
              .toList();
      if (paths.size() == 1 && !paths.get(0).equals("/")) {
        annotate(doc, "session-cookie-path", paths.get(0));
        report.add(
            who,
            "session-cookie-path",
            Outcome.MAPPED,
            paths.get(0)
                + " written: ingress-nginx scoped the cookie to the location, Traefik to / unless"
                + " told");
      } else if (paths.size() > 1) {
        report.add(
            who,
            "session-cookie-path",
            Outcome.APPROXIMATED,
            "Traefik sets Path=/ on every path ("
                + String.join(", ", paths)
                + "), where ingress-nginx scoped each; one annotation cannot say them all");
      }
    }
    String mode = ing.value("affinity-mode");
    if (mode == null || !mode.equals("persistent")) {
      report.add(
          who,
          "affinity-mode",
          Outcome.APPROXIMATED,
          (mode == null ? "unset (balanced)" : mode)
              + " -> persistent: Traefik has no other mode, so no session moves when pods are"
              + " added");
    } else {
      report.add(who, "affinity-mode", Outcome.MAPPED, "persistent, Traefik's only mode");
    }
    notRead(ing, who, "affinity-canary-behavior", CANARY_BEHAVIOR);
    notRead(
        ing, who, "session-cookie-conditional-samesite-none", "old browsers get SameSite=None too");
    notRead(
        ing,
        who,
        "session-cookie-change-on-failure",
        "a client stays on a failed server until it leaves the endpoints");
  }

  private void notRead(NginxIngress ing, String who, String key, String consequence) {
    if (ing.has(key)) {
      report.add(
          who, key, Outcome.NOT_CARRIED, "Traefik's provider does not read it: " + consequence);
    }
  }

  private void annotate(MappingNode doc, String name, String value) {
    Node metadata = YamlTree.get(doc, "metadata");
    if (metadata instanceof MappingNode meta) {
      if (!(YamlTree.get(meta, "annotations") instanceof MappingNode)) {
        YamlTree.put(meta, "annotations", YamlTree.map());
      }
      YamlTree.put(
          (MappingNode) YamlTree.get(meta, "annotations"),
          NginxIngress.PREFIX + name,
          YamlTree.quoted(value));
      added++;
    }
  }
}
