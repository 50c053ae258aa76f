package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.index.IndexFields;
import dev.spl.index.ResourceIndex;
import dev.spl.load.ManifestLoader;
import dev.spl.model.FieldPath;
import dev.spl.model.Finding;
import dev.spl.model.MapNode;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.rules.BuiltInRules;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.Suppressions;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceLocator;
import dev.spl.schema.SessionPersistenceSite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A large lint keeps only {@link IndexFields} of each resource for the cross-resource rules. Every
 * cross-resource finding on every example must be the same, to the column, as when the rules run on
 * the whole resources: a rule that reads a field the projection drops fails here.
 */
class IndexFieldsTest {
  private static final List<IndexRule> CROSS_RULES =
      BuiltInRules.all().stream()
          .filter(IndexRule.class::isInstance)
          .map(IndexRule.class::cast)
          .toList();

  @Test
  void crossResourceFindingsAreTheSameOnProjectedResources() throws IOException {
    int compared = 0;
    for (Path file : exampleFiles()) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      GatewayApiVersion version = ExamplesTest.versionOf(file);
      List<Resource> resources =
          new ManifestLoader()
              .loadText(file.toString(), text).resources().stream()
                  .filter(ResourceIndex::isIndexed)
                  .toList();
      Set<String> whole = crossFindings(resources, null, version);
      assertEquals(whole, crossFindings(resources, new IndexFields(), version), file.toString());
      compared += whole.size();
    }
    assertTrue(compared >= CROSS_RULES.size(), "the examples hold cross-resource findings");
  }

  @Test
  void aLargeLintProjectsWhatItKeepsAndFindsTheSame() throws IOException {
    // Enough unrelated Services first that the engine keeps the examples' resources projected.
    StringBuilder filler = new StringBuilder();
    for (int i = 0; i < 1500; i++) {
      filler.append(
          "---\napiVersion: v1\nkind: Service\nmetadata: {name: s%d, namespace: filler}\n"
              .formatted(i));
    }
    for (Path file : exampleFiles()) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      LintOptions options = LintOptions.defaults().withVersion(ExamplesTest.versionOf(file));
      ManifestLoader loader = new ManifestLoader();
      List<Finding> alone =
          new Engine().lint(loader.loadText(file.toString(), text), options).findings();
      Engine.LintRun run = new Engine().start(options);
      run.accept(loader.loadText("filler.yaml", filler.toString()));
      run.accept(loader.loadText(file.toString(), text));
      assertEquals(alone, run.finish(2, 0).findings(), file.toString());
    }
  }

  private static List<Path> exampleFiles() throws IOException {
    try (Stream<Path> s = Files.walk(ExamplesTest.EXAMPLES)) {
      return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  @Test
  void keepsWhatTheRulesReadAndDropsTheRest() {
    Resource service =
        new ManifestLoader()
            .loadText(
                "svc.yaml",
                """
                apiVersion: v1
                kind: Service
                metadata:
                  name: cart
                  labels: {app: cart}
                  annotations:
                    ignore.spl.dev/SPL110: "migrating"
                    kubectl.kubernetes.io/last-applied-configuration: "{}"
                  managedFields: [{manager: kubectl}]
                spec:
                  selector: {app: cart}
                  ports: [{port: 80}]
                  sessionAffinity: ClientIP
                status: {loadBalancer: {}}
                """)
            .resources()
            .get(0);
    Resource kept = new IndexFields().project(service);
    assertEquals(service.ref(), kept.ref());
    assertEquals(service.position(), kept.position());
    FieldPath affinity = FieldPath.of("spec", "sessionAffinity");
    assertEquals(service.positionOf(affinity), kept.positionOf(affinity));
    MapNode annotations = kept.metadata().map("annotations");
    assertEquals(1, annotations.size());
    assertTrue(annotations.has("ignore.spl.dev/SPL110"));
    assertNull(kept.metadata().get("labels"));
    assertNull(kept.metadata().get("managedFields"));
    assertNull(kept.spec().get("selector"));
    assertNull(kept.root().get("status"));
  }

  /**
   * The cross-resource findings on {@code resources}, or, when {@code projection} is given, on what
   * it keeps of them (the site objects moved over as the engine does).
   */
  private static Set<String> crossFindings(
      List<Resource> resources, IndexFields projection, GatewayApiVersion version) {
    Map<Resource, List<SessionPersistenceSite>> sites = new IdentityHashMap<>();
    List<Resource> kept = new ArrayList<>();
    for (Resource r : resources) {
      Resource k = projection == null ? r : projection.project(r);
      List<SessionPersistenceSite> own =
          SessionPersistenceLocator.canCarryPersistence(r)
              ? SessionPersistenceLocator.find(r, version)
              : List.of();
      sites.put(k, own.stream().map(s -> s.on(k)).toList());
      kept.add(k);
    }
    ResourceIndex index = ResourceIndex.build(kept, sites::get);
    Set<String> found = new TreeSet<>();
    Reporter reporter =
        new Reporter() {
          @Override
          public void report(
              RuleInfo rule,
              Resource resource,
              FieldPath field,
              String message,
              List<RelatedLocation> related) {
            if (!Suppressions.isSuppressed(resource, rule)) {
              found.add(
                  rule.id()
                      + " "
                      + resource.positionOf(field)
                      + " "
                      + message
                      + " "
                      + describe(related));
            }
          }
        };
    for (IndexRule rule : CROSS_RULES) {
      rule.check(index, new RuleContext(version), reporter);
    }
    return found;
  }

  private static String describe(List<RelatedLocation> related) {
    List<String> out = new ArrayList<>();
    for (RelatedLocation r : related) {
      out.add(r.position() + " " + r.resource());
    }
    return out.toString();
  }
}
