package dev.spl.cli.probe;

import dev.spl.schema.GatewayApiVersion;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/** {@code spl probe URL}: checks that a live gateway pins sessions the way the manifest says. */
@Command(
    name = "probe",
    sortOptions = false,
    description =
        "Checks that a live gateway pins sessions: sets the token, sticks with it, spreads fresh"
            + " clients, pins per token and not per address (two source addresses by two jars),"
            + " sets the cookie attributes configured, leaks no backend address, answers tampered"
            + " tokens with a fresh pick, keeps the pin across a port group, fails over. Each check"
            + " ends PASS, WARN, FAIL, SKIP or INCONCLUSIVE (backends that cannot be told apart);"
            + " exit 1 on FAIL or INCONCLUSIVE (--strict: on WARN too), 2 on usage,"
            + " 3 when the URL cannot be reached.")
public final class ProbeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "URL", description = "http:// or https:// URL behind the gateway.")
  URI url;

  @Option(
      names = "--requests",
      description =
          "Requests to send at most (default: 20, or what the checks chosen need when more).")
  Integer requests;

  @Option(
      names = "--mode",
      defaultValue = "persistence",
      description =
          "persistence (a cookie or header pins the client) or source-ip (its address does:"
              + " Service ClientIP, ip_hash, stick tables) (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(
      names = "--source-address",
      paramLabel = "ADDR",
      description =
          "Send from this local address (repeatable; two make the grid). Default for a loopback URL:"
              + " 127.0.0.1 and 127.0.0.2.")
  List<String> sourceAddresses = new ArrayList<>();

  @Option(
      names = "--no-tamper",
      description = "Skip the tamper check (modified tokens must get a fresh pick, never a 5xx).")
  boolean noTamper;

  @Option(
      names = "--also",
      paramLabel = "URL",
      description =
          "Another URL of the same application (e.g. the other port): the pin must hold there.")
  List<URI> also = new ArrayList<>();

  @Option(
      names = "--idle-wait",
      paramLabel = "DURATION",
      description =
          "Wait this long (at most 10 minutes) idle, then check the pin was kept or dropped as the"
              + " idle timeout says (e.g. PT30S).")
  Duration idleWait;

  @Option(
      names = "--http2",
      description =
          "Check that interleaved HTTP/2 streams of two jars follow their own tokens (on by default"
              + " for https URLs; skipped when the gateway does not negotiate HTTP/2).")
  boolean http2;

  @Option(names = "--strict", description = "A WARN fails the probe too.")
  boolean strict;

  @Option(
      names = "--served-by",
      defaultValue = "X-Served-By",
      description = "Response header naming the backend (default: ${DEFAULT-VALUE}).")
  String servedBy;

  @Option(
      names = "--body-hash",
      description = "Tell backends apart by a hash of the response body instead.")
  boolean bodyHash;

  @Option(
      names = "--cookie",
      paramLabel = "NAME",
      description = "Expect cookie persistence with this cookie.")
  String cookie;

  @Option(
      names = "--header",
      paramLabel = "NAME",
      description = "Expect header persistence with this header.")
  String header;

  @Option(
      names = "--expect-from",
      paramLabel = "FILE",
      description =
          "Read the cookie/header name, path, lifetime and absoluteTimeout from a manifest.")
  String expectFrom;

  @Option(
      names = "--gateway-api-version",
      description =
          "How to read --expect-from (default: the version each object's shape is written for).")
  String gatewayApiVersion;

  @Option(
      names = "--insecure",
      description = "Accept any TLS certificate (self-signed test gateways).")
  boolean insecure;

  @Option(
      names = "--timeout",
      defaultValue = "PT5S",
      description = "Timeout of each request (default: 5 s).")
  Duration timeout;

  @Option(
      names = "--fail-over",
      description = "Also check fail-over: stop the pinned backend, expect another.")
  boolean failOver;

  @Option(
      names = "--stop-cmd",
      paramLabel = "CMD",
      description =
          "Command that stops the pinned backend ($SPL_BACKEND names it); without it, spl waits for Enter.")
  String stopCommand;

  @Option(
      names = "--format",
      defaultValue = "text",
      description =
          "text, json, or html: one page with the grid as a picture (default: ${DEFAULT-VALUE}).")
  String format;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Expectation expect = expectation();
    if (!url.getScheme().matches("https?") || url.getHost() == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "URL must be http:// or https://, got " + url);
    }
    if (requests != null && requests < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--requests must be positive");
    }
    if (!format.equals("text") && !format.equals("json") && !format.equals("html")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--format must be text, json or html");
    }
    if (!mode.equals("persistence") && !mode.equals("source-ip")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--mode must be persistence or source-ip, not " + mode);
    }
    if (idleWait != null && (idleWait.isNegative() || idleWait.compareTo(MAX_IDLE_WAIT) > 0)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--idle-wait must be between 0 and 10 minutes, not " + idleWait);
    }
    for (URI u : also) {
      if (u.getScheme() == null || !u.getScheme().matches("https?") || u.getHost() == null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--also must be an http:// or https:// URL, got " + u);
      }
    }
    Prober prober =
        new Prober(
            new Prober.Settings(
                url,
                requests == null ? Prober.AS_NEEDED : requests,
                servedBy,
                bodyHash,
                expect,
                timeout,
                insecure,
                failOver,
                backend -> stop(backend, err),
                mode.equals("source-ip") ? Prober.Mode.SOURCE_IP : Prober.Mode.PERSISTENCE,
                sources(),
                !noTamper,
                also,
                idleWait,
                http2));
    Prober.Report report;
    try {
      report = prober.run();
    } catch (Prober.Unreachable e) {
      err.println("spl: cannot reach " + e.getMessage());
      return 3;
    } catch (Prober.TooFewRequests e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (format.equals("json")) {
      json(report, out, strict);
    } else if (format.equals("html")) {
      out.print(HtmlReport.render(report, describe(report.expectation()), strict));
    } else {
      text(report, out);
    }
    out.flush();
    return report.passed(strict) ? 0 : 1;
  }

  static final Duration MAX_IDLE_WAIT = Duration.ofMinutes(10);

  /** The addresses to send from: as given, else the two loopback ones for a loopback URL. */
  private List<InetAddress> sources() {
    List<String> given =
        sourceAddresses.isEmpty() && url.getHost().matches("127\\.\\d+\\.\\d+\\.\\d+")
            ? List.of("127.0.0.1", "127.0.0.2")
            : sourceAddresses;
    List<InetAddress> out = new ArrayList<>();
    for (String a : given) {
      // an IP literal: getByName then parses it and asks no resolver
      if (!a.matches("[0-9a-fA-F:.]+")) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--source-address " + a + ": not an IP address");
      }
      try {
        out.add(InetAddress.getByName(a));
      } catch (UnknownHostException e) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--source-address " + a + ": " + e.getMessage());
      }
    }
    return out;
  }

  private Expectation expectation() {
    int given = (cookie != null ? 1 : 0) + (header != null ? 1 : 0) + (expectFrom != null ? 1 : 0);
    if (given > 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "give one of --cookie, --header, --expect-from");
    }
    try {
      if (expectFrom != null) {
        return Expectation.fromManifest(
            expectFrom,
            gatewayApiVersion == null ? null : GatewayApiVersion.parse(gatewayApiVersion));
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    return cookie != null
        ? Expectation.cookie(cookie)
        : header != null ? Expectation.header(header) : Expectation.anyCookie();
  }

  private boolean stop(String backend, PrintWriter err) {
    try {
      if (stopCommand != null) {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", stopCommand).inheritIO();
        pb.environment().put("SPL_BACKEND", String.valueOf(backend));
        Process p = pb.start();
        return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
      }
      err.println("spl: stop the pinned backend now, then press Enter");
      err.flush();
      return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine()
          != null;
    } catch (Exception e) {
      err.println("spl: stopping the backend failed: " + e.getMessage());
      return false;
    }
  }

  private static void text(Prober.Report r, PrintWriter out) {
    out.println(
        "probe "
            + r.url()
            + " ("
            + (r.mode() == Prober.Mode.SOURCE_IP
                ? "expecting pinning by source address"
                : "expecting " + describe(r.expectation()))
            + ")");
    for (Prober.Check c : r.checks()) {
      out.printf("%-5s %-20s %s%n", c.status(), c.name(), c.evidence());
      if (c.grid() != null) {
        c.grid().lines().forEach(line -> out.println("      " + line));
      }
    }
    long failed = r.count(Prober.Status.FAIL);
    long warned = r.count(Prober.Status.WARN);
    long unproven = r.count(Prober.Status.INCONCLUSIVE);
    out.println(
        (failed > 0
                ? failed + " check" + (failed == 1 ? "" : "s") + " failed"
                : unproven > 0
                    ? "not proven: "
                        + unproven
                        + " check"
                        + (unproven == 1 ? "" : "s")
                        + " inconclusive"
                    : warned > 0
                        ? "passed with " + warned + " warning" + (warned == 1 ? "" : "s")
                        : "passed")
            + " ("
            + r.requestsSent()
            + " requests)");
  }

  private static String describe(Expectation e) {
    String what =
        e.isHeader() ? "header " + e.name() : "cookie " + (e.name() == null ? "(any)" : e.name());
    if (!e.isHeader()) {
      what +=
          ", path "
              + e.path()
              + ", "
              + (e.isPermanent()
                  ? "Permanent"
                      + (e.absoluteTimeoutSeconds() == null
                          ? ""
                          : " Max-Age " + e.absoluteTimeoutSeconds())
                  : "Session");
    }
    return what + ", from " + e.source();
  }

  private static void json(Prober.Report r, PrintWriter out, boolean strict) {
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.writeStartObject();
      g.writeStringProperty("url", r.url().toString());
      g.writeStringProperty("expecting", describe(r.expectation()));
      g.writeNumberProperty("requests", r.requestsSent());
      g.writeStringProperty(
          "mode", r.mode() == Prober.Mode.SOURCE_IP ? "source-ip" : "persistence");
      g.writeBooleanProperty("passed", r.passed(strict));
      g.writeName("checks");
      g.writeStartArray();
      for (Prober.Check c : r.checks()) {
        g.writeStartObject();
        g.writeStringProperty("name", c.name());
        g.writeStringProperty("status", c.status().name().toLowerCase());
        g.writeStringProperty("evidence", c.evidence());
        if (c.grid() != null) {
          g.writeName("grid");
          g.writeStartObject();
          g.writeName("jars");
          g.writeStartArray();
          c.grid().jars().forEach(g::writeString);
          g.writeEndArray();
          g.writeName("rows");
          g.writeStartArray();
          for (int i = 0; i < c.grid().addresses().size(); i++) {
            g.writeStartObject();
            g.writeStringProperty("from", c.grid().addresses().get(i));
            g.writeName("backends");
            g.writeStartArray();
            c.grid().backends().get(i).forEach(g::writeString);
            g.writeEndArray();
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.println();
  }
}
