package dev.spl.migrate;

import dev.spl.load.ManifestLoader;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Kinds;
import dev.spl.model.Resource;
import dev.spl.rules.nginx.NginxIngress;
import dev.spl.schema.GatewayApiVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * A migration that keeps the Ingresses for a controller that serves them from their annotations
 * (Traefik's ingress-nginx provider, F5 NGINX Ingress Controller, HAProxy Ingress): every document
 * is printed back, each Ingress with affinity gets the annotations its new controller reads, and
 * each ingress-nginx annotation is reported as carried, approximated or not carried.
 */
abstract class IngressKeepingMigration {
  final Report report = new Report();
  private final GatewayApiVersion version;
  private final MigrationTarget target;
  private final List<String> inputProblems = new ArrayList<>();
  private int added;

  IngressKeepingMigration(GatewayApiVersion version, MigrationTarget target) {
    this.version = version;
    this.target = target;
  }

  /** Carries the affinity of {@code ing} (which has an affinity annotation) into {@code doc}. */
  abstract void carry(NginxIngress ing, MappingNode doc);

  /** Says what becomes of a canary Ingress {@code ing} (one without affinity of its own). */
  abstract void canary(NginxIngress ing, MappingNode doc);

  /** The controller as the report names it: "Traefik's provider does not read it". */
  abstract String reader();

  /**
   * Writes what belongs on other objects than the Ingresses (haproxytech's cookie is read from the
   * Service), once every Ingress is carried: {@code documents} as printed, each with the object it
   * was loaded as (null for one that is none).
   */
  void finish(List<Node> documents, List<Resource> objects) {}

  /** The Ingress sources with what the controller needs written in, and the report. */
  IngressNginxMigration.Result migrate(List<IngressNginxMigration.Source> sources) {
    List<Node> documents = new ArrayList<>();
    List<Resource> objects = new ArrayList<>();
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
          // an Ingress the loader could not read as an object (most often: no metadata.name)
          report.add(
              "input",
              "metadata.name",
              Outcome.NOTE,
              "an Ingress spl cannot read as an object (without metadata.name?) is kept as written,"
                  + " not migrated");
        }
        NginxIngress ing = r == null ? null : NginxIngress.of(r);
        if (ing != null && ing.has("affinity")) {
          anyAffinity = true;
          carry(ing, (MappingNode) doc);
        } else if (ing != null && ing.isTrue("canary")) {
          canary(ing, (MappingNode) doc);
        }
        documents.add(doc);
        objects.add(r);
      }
    }
    finish(documents, objects);
    if (!anyAffinity) {
      report.add("input", "affinity", Outcome.NOTE, "no ingress-nginx Ingress with affinity");
    } else {
      report.add("input", "target", Outcome.NOTE, target.product() + " " + target.note());
    }
    String yaml = documents.isEmpty() ? "" : YamlTree.emitAll(documents);
    // what it writes is linted as every migration's output is: no error the input did not have
    List<dev.spl.model.Finding> introduced =
        IngressNginxMigration.introducedErrors(sources, yaml, version);
    return new IngressNginxMigration.Result(
        yaml, report, introduced, added, inputProblems, List.of());
  }

  /**
   * The loaded object {@code doc} is: the one of its kind that starts on its line (names cannot
   * tell them apart: a namespace left out is "default" once loaded, and a name may be missing).
   */
  private static Resource matching(Node doc, List<Resource> loaded) {
    String kind = YamlTree.text(doc, "kind");
    int line = doc.getStartMark().map(m -> m.getLine() + 1).orElse(-1);
    return loaded.stream()
        .filter(r -> Objects.equals(r.kind(), kind) && r.root().position().line() == line)
        .findFirst()
        .orElse(null);
  }

  /** Reports canary Ingress {@code ing} as one the new controller has no place for: {@code why}. */
  void canaryNotCarried(NginxIngress ing, String why) {
    report.add("Ingress " + ing.label(), "canary", Outcome.NOT_CARRIED, why);
  }

  /** Reports {@code key}, when {@code ing} has it, as one the new controller does not read. */
  void notRead(NginxIngress ing, String who, String key, String consequence) {
    if (ing.has(key)) {
      report.add(who, key, Outcome.NOT_CARRIED, reader() + " does not read it: " + consequence);
    }
  }

  /** The distinct paths written on the Ingress's rules (the empty one left out). */
  static List<String> pathsOf(NginxIngress ing) {
    return dev.spl.index.IngressPath.of(ing.resource()).stream()
        .map(dev.spl.index.IngressPath::path)
        .filter(p -> p != null && !p.isEmpty())
        .distinct()
        .toList();
  }

  /**
   * The cookie's lifetime in seconds as ingress-nginx sent it (max-age wins over expires in
   * browsers; null: a session cookie), each lifetime annotation reported: {@code carried} says
   * where whole seconds go.
   */
  Long lifetime(NginxIngress ing, String who, java.util.function.LongFunction<String> carried) {
    Long maxAge = seconds(ing, "session-cookie-max-age", false, who, carried);
    Long expires = seconds(ing, "session-cookie-expires", true, who, carried);
    return maxAge != null ? maxAge : expires;
  }

  private Long seconds(
      NginxIngress ing,
      String name,
      boolean spacesRemoved,
      String who,
      java.util.function.LongFunction<String> carried) {
    String raw = ing.raw(name);
    if (raw == null) {
      return null;
    }
    Long whole = NginxAffinity.wholeSeconds(raw, spacesRemoved);
    if (whole != null) {
      report.add(who, name, Outcome.MAPPED, carried.apply(whole));
      return whole;
    }
    report.add(
        who,
        name,
        Outcome.NOT_CARRIED,
        "\""
            + raw
            + "\" is not whole seconds (see SPL202): the cookie was a session cookie and"
            + " stays one; write the seconds and migrate again");
    return null;
  }

  /**
   * Reports affinity-mode for a controller whose cookie is always persistent: {@code keeps} says
   * how it keeps a client, {@code noBalanced} names what has no balanced mode.
   */
  void persistentOnly(NginxIngress ing, String who, String keeps, String noBalanced) {
    String mode = ing.value("affinity-mode");
    if (mode != null && mode.equals("persistent")) {
      report.add(who, "affinity-mode", Outcome.MAPPED, "persistent: " + keeps);
    } else {
      report.add(
          who,
          "affinity-mode",
          Outcome.APPROXIMATED,
          (mode == null ? "unset (balanced)" : mode)
              + ": "
              + noBalanced
              + " has no balanced mode, so no session moves when pods are added");
    }
  }

  /** Writes annotation {@code key} (the whole key, with its prefix) on {@code doc}, quoted. */
  void annotate(MappingNode doc, String key, String value) {
    Node metadata = YamlTree.get(doc, "metadata");
    if (metadata instanceof MappingNode meta) {
      if (!(YamlTree.get(meta, "annotations") instanceof MappingNode)) {
        YamlTree.put(meta, "annotations", YamlTree.map());
      }
      YamlTree.put((MappingNode) YamlTree.get(meta, "annotations"), key, YamlTree.quoted(value));
      added++;
    }
  }
}
