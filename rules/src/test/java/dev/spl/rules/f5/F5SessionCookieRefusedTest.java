package dev.spl.rules.f5;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/** validateSessionCookie of nginx/kubernetes-ingress 0eb3072, case by case. */
class F5SessionCookieRefusedTest {
  static String virtualServer(String kind, String cookie) {
    return """
        apiVersion: k8s.nginx.org/v1
        kind: %s
        metadata: {name: cafe, namespace: shop}
        spec:
          host: cafe.example.com
          upstreams:
          - name: tea
            service: tea-svc
            port: 80
            sessionCookie:
        %s"""
        .formatted(kind, cookie.indent(6));
  }

  @Test
  void whatF5RejectsTheWholeResourceFor() {
    assertMarked(
        "SPL232",
        virtualServer(
            "VirtualServer",
            "enable: true\nname: srv-id  # expect: SPL232 \"srv-id\" is not letters, digits and _:"
                + " F5 rejects the whole VirtualServer\"\n"));
    assertMarked(
        "SPL232",
        virtualServer(
            "VirtualServer",
            "name: s\nexpires: 1 hour  # expect: SPL232 \"neither max nor an nginx time\"\n"));
    assertMarked(
        "SPL232",
        virtualServer(
            "VirtualServer",
            "name: s\ndomain: Example.com  # expect: SPL232 \"not a DNS subdomain\"\n"));
    assertMarked(
        "SPL232",
        virtualServer(
            "VirtualServer",
            "name: s\nsamesite: relaxed  # expect: SPL232 \"not strict, lax or none\"\n"));
    assertMarked(
        "SPL232",
        virtualServer("VirtualServerRoute", "enable: true\npath: /\n")
            .replace(
                "    sessionCookie:\n",
                "    sessionCookie:  # expect: SPL232 \"has no name: F5 rejects the whole VirtualServerRoute\"\n"));
  }

  /** One rejection per resource: the first problem named, the others counted. */
  @Test
  void aResourceWithManyProblemsIsOneFinding() {
    List<Finding> f =
        of(
            "SPL232",
            virtualServer(
                "VirtualServer",
                "enable: true\nname: srv-id\nexpires: one\ndomain: $request_uri\nsamesite: relaxed\n"));
    assertEquals(1, f.size(), f::toString);
    assertTrue(f.get(0).message().endsWith(" (3 more sessionCookie problems)"), f.toString());
    assertEquals(12, f.get(0).position().line(), "at the first: the name");
  }

  /** F5's time grammar: every unit in order, spaces between, the bare number as seconds. */
  @Test
  void nginxTimesAsF5ParsesThem() {
    for (String good : List.of("1h", "2d 1h", "5ms", "1y2M3w4d5h6m7s8ms", "10", "1m 5ms", "max")) {
      assertTrue(
          of("SPL232", virtualServer("VirtualServer", "name: s\nexpires: \"" + good + "\"\n"))
              .isEmpty(),
          good);
    }
    for (String bad : List.of("one", "1 hour", "1mm", "1h 1d", "1".repeat(120_000) + "x")) {
      assertEquals(
          1,
          of("SPL232", virtualServer("VirtualServer", "name: s\nexpires: \"" + bad + "\"\n"))
              .size(),
          bad.length() > 20 ? "a long run of digits" : bad);
    }
  }

  /** expires: false is a boolean the CRD's string type refuses before F5 sees it. */
  @Test
  void aFieldOfTheWrongTypeIsTheCrdsToRefuse() {
    assertTrue(of("SPL232", virtualServer("VirtualServer", "name: s\nexpires: false\n")).isEmpty());
  }

  @Test
  void whatF5Accepts() {
    assertTrue(
        of(
                "SPL232",
                virtualServer(
                    "VirtualServer",
                    """
                    enable: true
                    name: srv_id
                    expires: 2d 1h
                    domain: .example.com
                    samesite: Lax
                    """))
            .isEmpty());
    assertTrue(
        of("SPL232", virtualServer("VirtualServer", "enable: true\nname: s\nexpires: max\n"))
            .isEmpty());
    assertTrue(
        of(
                "SPL232",
                virtualServer("VirtualServer", "name: srv-id\n")
                    .replace("k8s.nginx.org", "example.com"))
            .isEmpty(),
        "another group's VirtualServer is not F5's");
  }
}
