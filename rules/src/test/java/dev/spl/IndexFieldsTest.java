package dev.spl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.index.IndexFields;
import dev.spl.index.ResourceIndex;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.FieldPath;
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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A lint keeps only {@link IndexFields} of each resource for the cross-resource rules. Every
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
    List<Path> files;
    try (Stream<Path> s = Files.walk(ExamplesTest.EXAMPLES)) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    int compared = 0;
    for (Path file : files) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      GatewayApiVersion version = ExamplesTest.versionOf(text);
      LoadedInput input = new ManifestLoader().loadText(file.toString(), text);
      Set<String> whole = onWholeResources(input.resources(), version);
      Set<String> projected =
          new Engine()
              .lint(input, LintOptions.defaults().withVersion(version)).findings().stream()
                  .filter(f -> CROSS_RULES.stream().anyMatch(r -> r.info().id().equals(f.ruleId())))
                  .map(
                      f ->
                          f.ruleId()
                              + " "
                              + f.position()
                              + " "
                              + f.message()
                              + " "
                              + describe(f.related()))
                  .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(whole, projected, file.toString());
      compared += whole.size();
    }
    assertTrue(compared >= CROSS_RULES.size(), "the examples hold cross-resource findings");
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

  /** The cross-resource rules run, as before projection, on the resources as they were read. */
  private static Set<String> onWholeResources(List<Resource> resources, GatewayApiVersion version) {
    List<Resource> indexed = resources.stream().filter(ResourceIndex::isIndexed).toList();
    ResourceIndex index =
        ResourceIndex.build(
            indexed,
            r ->
                SessionPersistenceLocator.canCarryPersistence(r)
                    ? SessionPersistenceLocator.find(r, version)
                    : List.of());
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
