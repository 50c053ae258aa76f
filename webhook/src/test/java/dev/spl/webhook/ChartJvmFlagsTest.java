package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The chart hands its javaOpts to the pod's JVM as JAVA_TOOL_OPTIONS: a flag this JVM refuses would
 * leave every replica crash-looping, and values.yaml promises the heap is 40 % of the memory limit.
 * Both are checked on the JVM running the tests, given the chart's limit as its RAM, as the
 * container's cgroup would.
 */
class ChartJvmFlagsTest {
  static final Path VALUES = Path.of("..", "charts", "spl-webhook", "values.yaml");

  @Test
  void theChartsJvmFlagsStartAJvmWithTheHeapTheyPromise() throws Exception {
    Map<?, ?> values =
        (Map<?, ?>)
            new Load(LoadSettings.builder().build()).loadFromString(Files.readString(VALUES));
    String javaOpts = (String) values.get("javaOpts");
    String limit =
        (String) ((Map<?, ?>) ((Map<?, ?>) values.get("resources")).get("limits")).get("memory");
    long limitBytes = mebibytes(limit) << 20;

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:MaxRAM=" + limitBytes);
    command.addAll(List.of(javaOpts.trim().split("\\s+")));
    command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
    String out = run(command);

    long maxHeap = flag(out, "MaxHeapSize");
    assertEquals(
        limitBytes * 40 / 100,
        maxHeap,
        1 << 20,
        "values.yaml says the heap is 40 % of the memory limit (" + limit + ")");
    assertEquals(1, flag(out, "UseSerialGC"), "the chart's collector");
    // the free ratios only size the heap when they leave MinHeapFreeRatio under MaxHeapFreeRatio
    assertTrue(flag(out, "MinHeapFreeRatio") < flag(out, "MaxHeapFreeRatio"), out);
  }

  private static long mebibytes(String quantity) {
    Matcher m = Pattern.compile("(\\d+)(Mi|Gi)").matcher(quantity);
    assertTrue(m.matches(), "limits.memory in Mi or Gi: " + quantity);
    long n = Long.parseLong(m.group(1));
    return m.group(2).equals("Gi") ? n << 10 : n;
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM did not exit");
    assertEquals(0, p.exitValue(), "the chart's javaOpts do not start a JVM:\n" + out);
    return out;
  }

  /** A flag's value as -XX:+PrintFlagsFinal prints it (booleans as 1 and 0). */
  private static long flag(String flagsFinal, String name) {
    Matcher m =
        Pattern.compile("\\s" + name + "\\s+=\\s+(\\S+)", Pattern.MULTILINE).matcher(flagsFinal);
    assertTrue(m.find(), name + " not among the JVM's flags");
    String v = m.group(1);
    return v.equals("true") ? 1 : v.equals("false") ? 0 : Long.parseLong(v);
  }
}
