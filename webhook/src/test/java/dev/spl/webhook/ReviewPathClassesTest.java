package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Engine;
import dev.spl.LintOptions;
import dev.spl.schema.GatewayApiVersion;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The review path never loads the CEL runtime (cel-java, protobuf: about a thousand classes and
 * several MiB of metaspace in every webhook pod, issue 28): the webhook's warm-up and the load
 * bench's reviews run in a JVM of their own, which lists every class it loads.
 */
class ReviewPathClassesTest {
  @Test
  void warmUpAndReviewsLoadNoCelClass() throws Exception {
    Path log = Files.createTempFile("class-load", ".log");
    try {
      Process child =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xlog:class+load=info:file=" + log,
                  "-cp",
                  System.getProperty("java.class.path"),
                  ReviewPathClassesTest.class.getName())
              .redirectErrorStream(true)
              .start();
      String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the review JVM did not finish");
      assertEquals(0, child.exitValue(), output);
      assertEquals("allowed denied", output.strip(), "the bench bodies were not reviewed as meant");
      List<String> cel = new ArrayList<>();
      int loaded = 0;
      for (String line : Files.readAllLines(log)) {
        loaded++;
        if (line.contains(" dev.cel.") || line.contains(" com.google.protobuf.")) {
          cel.add(line);
        }
      }
      assertTrue(loaded > 1000, "the class log is not what it should be: " + loaded + " lines");
      assertTrue(cel.isEmpty(), () -> cel.size() + " CEL classes loaded, first: " + cel.get(0));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** The child: the webhook's warm-up, then the load bench's two reviews. */
  public static void main(String[] args) throws Exception {
    Engine engine = new Engine();
    LintOptions options = LintOptions.defaults().withVersion(GatewayApiVersion.parse("latest"));
    WebhookMain.warmUp(engine, AdmissionHandler.reviewing(options));
    AdmissionHandler handler = new AdmissionHandler(engine, options, ClusterState.NONE, false);
    String lua = Files.readString(Path.of("..", "bench", "webhook", "mix.lua"));
    JsonMapper json = JsonMapper.builder().build();
    StringBuilder verdicts = new StringBuilder();
    for (String name : List.of("allowed", "denied")) {
      String body = BenchBodiesTest.body(lua, name);
      verdicts.append(handler.review(json.readTree(body)).verdict()).append(' ');
    }
    System.out.println(verdicts.toString().strip());
  }
}
