package dev.spl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import dev.spl.model.SourcePosition;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loading, and the hostile inputs that must end in a clear, positioned SPL001 and never a crash.
 */
class ManifestLoaderTest {
  private final ManifestLoader loader = new ManifestLoader();

  private static final String SERVICE = "apiVersion: v1\nkind: Service\nmetadata: {name: %s}\n";

  @Test
  void directoriesAreRecursedForManifestExtensionsOnly(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("a/b"));
    Files.writeString(dir.resolve("a/one.yaml"), SERVICE.formatted("one"));
    Files.writeString(dir.resolve("a/b/two.yml"), SERVICE.formatted("two"));
    Files.writeString(
        dir.resolve("three.json"),
        "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"three\"}}");
    Files.writeString(dir.resolve("notes.txt"), "not a manifest");
    Files.createDirectories(dir.resolve(".git"));
    Files.writeString(dir.resolve(".git/config.yaml"), "::: not yaml");
    LoadedInput in = loader.load(List.of(dir.toString()), () -> null);
    assertEquals(
        List.of("two", "one", "three"), in.resources().stream().map(r -> r.name()).toList());
    assertEquals(3, in.files());
    assertEquals(List.of(), in.problems());
    assertEquals(List.of(), in.inputErrors());
    assertTrue(in.resources().get(1).file().endsWith("a/one.yaml"));
  }

  @Test
  void stdinIsNamedStdin() {
    LoadedInput in =
        loader.load(
            List.of("-"),
            () ->
                new ByteArrayInputStream(SERVICE.formatted("s").getBytes(StandardCharsets.UTF_8)));
    assertEquals("<stdin>", in.resources().get(0).file());
  }

  @Test
  void missingPathsAndEmptyDirectoriesAreInputErrors(@TempDir Path dir) {
    LoadedInput in =
        loader.load(List.of(dir.resolve("nope.yaml").toString(), dir.toString()), () -> null);
    assertEquals(2, in.inputErrors().size(), in.inputErrors()::toString);
    assertTrue(in.inputErrors().get(0).contains("no such file or directory"));
    assertTrue(in.inputErrors().get(1).contains("no *.yaml, *.yml or *.json file"));
  }

  @Test
  void listsAreExpandedAndNamespacesDefaulted() {
    LoadedInput in =
        loader.loadText(
            "l.yaml",
            """
        apiVersion: v1
        kind: ServiceList
        items:
        - {apiVersion: v1, kind: Service, metadata: {name: a, namespace: shop}}
        - {apiVersion: v1, kind: Service, metadata: {name: b}}
        - {apiVersion: gateway.networking.k8s.io/v1, kind: GatewayClass, metadata: {name: c}}
        """);
    assertEquals(
        List.of("shop", "default", ""), in.resources().stream().map(r -> r.namespace()).toList());
    assertEquals(new SourcePosition("l.yaml", 5, 3), in.resources().get(1).position());
  }

  @Test
  void positionsPointAtKeysInBlockAndFlowStyle() {
    MapNode root =
        loader
            .loadText(
                "p.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: a, labels: {x: y}}\n")
            .resources()
            .get(0)
            .root();
    MapNode labels = root.map("metadata").map("labels");
    assertEquals(new SourcePosition("p.yaml", 3, 30), labels.entry("x").keyPosition());
  }

  @Test
  void invalidUtf8IsPositionedAndTheRestIsRead() {
    byte[] bytes = (SERVICE.formatted("a") + "# caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1);
    LoadedInput in = loader.load(List.of("-"), () -> new ByteArrayInputStream(bytes));
    assertEquals(1, in.problems().size());
    assertTrue(
        in.problems().get(0).message().contains("invalid UTF-8 byte 0xE9"),
        in.problems()::toString);
    assertEquals(4, in.problems().get(0).position().line());
    assertEquals(1, in.resources().size());
  }

  @Test
  void utf16WithAByteOrderMarkIsReadAsKubectlReadsItAndUtf32IsSaidToBeUnreadable() {
    for (var charset :
        List.of(
            java.nio.charset.StandardCharsets.UTF_16BE,
            java.nio.charset.StandardCharsets.UTF_16LE)) {
      byte[] bytes = ("\uFEFF" + SERVICE.formatted("a")).getBytes(charset);
      LoadedInput in = loader.load(List.of("-"), () -> new ByteArrayInputStream(bytes));
      assertEquals(List.of(), in.problems(), charset.name());
      assertEquals(1, in.resources().size(), charset.name());
      assertEquals("a", in.resources().get(0).name());
    }
    byte[] utf32 =
        ("\uFEFF" + SERVICE.formatted("a")).getBytes(java.nio.charset.Charset.forName("UTF-32LE"));
    LoadedInput in = loader.load(List.of("-"), () -> new ByteArrayInputStream(utf32));
    assertEquals(1, in.problems().size(), in.problems()::toString);
    assertTrue(in.problems().get(0).message().contains("UTF-32"), in.problems()::toString);
    assertEquals(0, in.resources().size());
  }

  @Test
  void aliasBombIsRefused() {
    StringBuilder yaml =
        new StringBuilder(
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'j'; c++) {
      yaml.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        yaml.append(i == 0 ? "" : ",").append('*').append(prev);
      }
      yaml.append("]\n");
      prev = c;
    }
    yaml.append("---\n").append(SERVICE.formatted("after"));
    LoadedInput in = loader.loadText("bomb.yaml", yaml.toString());
    assertEquals(1, in.problems().size(), in.problems()::toString);
    assertTrue(
        in.problems().get(0).message().matches(".*(aliases|expands to more than).*"),
        in.problems()::toString);
    assertEquals("after", in.resources().get(0).name());
  }

  @Test
  void aTagWithOuterSpacesIsPositionedAndTheRestIsRead() {
    // `%20` decodes to a space; snakeyaml-engine's composer rejects the tag without a position.
    String yaml =
        "kind: Service\nmetadata:\n  name: a\n  labels: !<x%20> b\n---\n"
            + SERVICE.formatted("after");
    LoadedInput in = loader.loadText("tag.yaml", yaml);
    assertEquals(1, in.problems().size(), in.problems()::toString);
    LoadProblem problem = in.problems().get(0);
    assertTrue(
        problem.message().startsWith("YAML syntax error: invalid tag: Tag must not"),
        problem::toString);
    assertEquals(4, problem.position().line());
    assertEquals(11, problem.position().column());
    assertEquals(List.of("after"), in.resources().stream().map(Resource::name).toList());
  }

  @Test
  void aGoTemplateReadAsAKeyIsPositionedAtTheTemplate() {
    // krew's plugin manifest, templated: `{{ .TagName }}` is a flow mapping used as a key, which
    // the composer rejects without a position (it was reported at 1:1)
    String yaml =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n"
            + "  version: {{ .TagName }}\n---\n"
            + SERVICE.formatted("after");
    LoadedInput in = loader.loadText("krew.yaml", yaml);
    assertEquals(1, in.problems().size(), in.problems()::toString);
    LoadProblem problem = in.problems().get(0);
    assertEquals(7, problem.position().line(), problem::toString);
    assertEquals(13, problem.position().column(), problem::toString);
    assertTrue(problem.message().contains("used as a key"), problem::toString);
    assertEquals(List.of("after"), in.resources().stream().map(Resource::name).toList());
    // a list as a key, in block style
    LoadedInput list = loader.loadText("k.yaml", "a: 1\n? [x, y]\n: 2\n");
    assertEquals(2, list.problems().get(0).position().line(), list.problems()::toString);
  }

  @Test
  void deepNestingIsRefused() {
    String deep =
        "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n---\n" + SERVICE.formatted("after");
    LoadedInput in = loader.loadText("deep.yaml", deep);
    assertEquals(1, in.problems().size(), in.problems()::toString);
    assertTrue(in.problems().get(0).message().contains("nested"), in.problems()::toString);
    assertEquals("after", in.resources().get(0).name());
  }

  @Test
  void hugeDocumentIsRefusedWithoutReadingIt() {
    String huge =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n  blob: \""
            + "x".repeat(50 * 1024 * 1024)
            + "\"\n---\n"
            + SERVICE.formatted("after");
    LoadedInput in = loader.loadText("huge.yaml", huge);
    assertEquals(1, in.problems().size(), in.problems()::toString);
    assertTrue(
        in.problems().get(0).message().contains("over the 8 MiB limit"), in.problems()::toString);
    assertEquals(new SourcePosition("huge.yaml", 1, 1), in.problems().get(0).position());
    assertEquals("after", in.resources().get(0).name());
  }

  @Test
  void manyTinyDocuments() {
    StringBuilder yaml = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      yaml.append("---\n").append(SERVICE.formatted("s" + i));
    }
    LoadedInput in = loader.loadText("many.yaml", yaml.toString());
    assertEquals(100_000, in.resources().size());
    assertEquals(
        new SourcePosition("many.yaml", 99_999 * 4 + 2, 1), in.resources().get(99_999).position());
  }

  @Test
  void documentMarkersInsideBlockScalarsAreRespected() {
    LoadedInput in =
        loader.loadText(
            "m.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n"
                + "  x: |\n    ---\n    not a marker\n--- # a real one\n"
                + SERVICE.formatted("b"));
    assertEquals(List.of("a", "b"), in.resources().stream().map(r -> r.name()).toList());
    assertEquals(List.of(), in.problems());
  }

  @Test
  void mergeKeysAreExpandedWithTheMergedValuesPositions() {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: r, namespace: shop}
        x-session: &session
          sessionName: shop
          absoluteTimeout: 1d
        spec:
          rules:
          - backendRefs: [{name: a}]
            sessionPersistence:
              <<: *session
              sessionName: own
        """;
    LoadedInput in = new ManifestLoader().loadText("m.yaml", yaml);
    assertEquals(List.of(), in.problems());
    List<dev.spl.model.Finding> findings =
        new dev.spl.Engine()
            .lint(
                in,
                dev.spl.LintOptions.defaults().withVersion(dev.spl.schema.GatewayApiVersion.V1_6))
            .findings();
    // The merged absoluteTimeout is checked where it is written; the key written here wins, and
    // "<<" is no unknown field.
    assertEquals(
        List.of("SPL021 m.yaml:6:3"),
        findings.stream().map(f -> f.ruleId() + " " + f.position()).toList(),
        findings.toString());
    MapNode sp =
        (MapNode)
            in.resources()
                .get(0)
                .nodeAt(dev.spl.model.FieldPath.of("spec", "rules", 0, "sessionPersistence"));
    assertEquals("own", sp.string("sessionName"));
  }

  @Test
  void aQuotedMergeKeyIsAnOrdinaryKeyAndAMergeOfAScalarIsAnError() {
    LoadedInput quoted =
        new ManifestLoader()
            .loadText("q.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n\"<<\": 1\n");
    assertEquals(List.of(), quoted.problems());
    LoadedInput scalar =
        new ManifestLoader()
            .loadText(
                "s.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {<<: 1}\n");
    assertEquals(1, scalar.problems().size());
    assertTrue(scalar.problems().get(0).message().contains("merge key"));
  }

  @Test
  void aDecodedTreeLoadsAsItsTextDoes() {
    String text =
        "{\"apiVersion\": \"gateway.networking.k8s.io/v1\", \"kind\": \"HTTPRoute\","
            + " \"metadata\": {\"name\": \"r\", \"namespace\": \"shop\"},"
            + " \"spec\": {\"rules\": [{\"backendRefs\": [{\"name\": \"s\", \"port\": 80,"
            + " \"weight\": 1.5}], \"x\": null, \"on\": true, \"big\": 123456789012345678901234}]}}";
    LoadedInput fromText = loader.loadText("t.json", text);
    Object plain = fromText.resources().get(0).root().toPlain();
    LoadedInput fromTree = loader.loadTree("t.json", plain);
    assertEquals(List.of(), fromTree.problems());
    assertEquals(fromText.resources().get(0).ref(), fromTree.resources().get(0).ref());
    assertEquals(plain, fromTree.resources().get(0).root().toPlain());
    // What a JSON library returns for numbers is normalised as the YAML reader resolves them.
    java.util.Map<String, Object> decoded = new java.util.LinkedHashMap<>();
    decoded.put("apiVersion", "v1");
    decoded.put("kind", "Service");
    decoded.put("metadata", java.util.Map.of("name", "s"));
    decoded.put(
        "spec",
        java.util.Map.of(
            "ports",
            List.of(
                java.util.Map.of(
                    "port", 80,
                    "big", new java.math.BigInteger("123456789012345678901234"),
                    "ratio", new java.math.BigDecimal("0.5")))));
    MapNode port =
        (MapNode) loader.loadTree("s.json", decoded).resources().get(0).spec().list("ports").get(0);
    assertEquals(80L, ((dev.spl.model.ScalarNode) port.get("port")).value());
    assertEquals(1.2345678901234568E23, ((dev.spl.model.ScalarNode) port.get("big")).value());
    assertEquals(0.5, ((dev.spl.model.ScalarNode) port.get("ratio")).value());
  }

  @Test
  void aDecodedTreeBeyondTheLimitsIsAProblemNotACrash() {
    Object deep = "leaf";
    for (int i = 0; i < 300; i++) {
      deep = List.of(deep);
    }
    java.util.Map<String, Object> object =
        java.util.Map.of(
            "apiVersion",
            "v1",
            "kind",
            "Service",
            "metadata",
            java.util.Map.of("name", "s"),
            "spec",
            deep);
    LoadedInput in = loader.loadTree("deep.json", object);
    assertEquals(List.of(), in.resources());
    assertEquals(1, in.problems().size());
    assertTrue(in.problems().get(0).message().contains("nested deeper than 256"));
    LoadedInput odd =
        loader.loadTree(
            "odd.json",
            java.util.Map.of("apiVersion", "v1", "kind", "Service", "metadata", new Object()));
    assertTrue(odd.problems().get(0).message().contains("not JSON"), odd.problems().toString());
  }
}
