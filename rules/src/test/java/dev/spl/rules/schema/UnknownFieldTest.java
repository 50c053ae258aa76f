package dev.spl.rules.schema;

import static dev.spl.Lint.assertMarked;
import static dev.spl.Lint.backend;
import static dev.spl.Lint.markedBackend;
import static dev.spl.Lint.of;
import static dev.spl.Lint.route;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.Lint;
import dev.spl.model.Finding;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnknownFieldTest {

  @Test
  void aMixOfShapesOnMainNamesTheVersionOfEachStrayField() {
    assertMarked(
        "SPL026",
        route(
            "{cookie: {name: s}, cookieConfig: {}}  # expect: SPL026 \"written for v1.6? Lint with --gateway-api-version v1.6\""),
        GatewayApiVersion.MAIN);
  }

  @Test
  void anObjectOfTheOldShapeOnMainIsOneFindingNamingTheVersion() {
    Lint.assertOnlyMarked(
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart}]
            sessionPersistence:  # expect: SPL026 "written for v1.6 (sessionName, cookieConfig), linted as main; set gatewayApiVersion: v1.6"
              {sessionName: s, cookieConfig: {lifetimeType: Session}}
        """,
        GatewayApiVersion.MAIN);
  }

  @Test
  void underMainsCrdsTheAdviceIsMainsShapeNotAnotherVersion() {
    // main's CRDs in sight: their API server drops sessionName, so "set gatewayApiVersion: v1.6"
    // would hide it; the advice and its fix are main's shape, the fix certain (the CRDs decide)
    dev.spl.schema.CrdsInSight mains =
        dev.spl.TestCrds.inSight(
            dev.spl.TestCrds.httpRoute(
                "v1.7.0-dev",
                "experimental",
                "{properties: {cookie: {properties: {name: {type: string}}}, type: {type: string}}}"));
    String persistence = "{sessionName: s, type: Cookie}";
    List<Finding> f =
        dev.spl.rules.cel.InstalledCrdRuleTest.lint(persistence, mains).stream()
            .filter(x -> x.ruleId().equals("SPL026"))
            .toList();
    assertEquals(1, f.size(), f::toString);
    assertEquals(
        "written for v1.6 (sessionName), but the CRDs in sight are main's and drop them: write"
            + " main's shape",
        f.get(0).message());
    assertTrue(f.get(0).fix() != null && !f.get(0).fix().ifVersionNamed(), f.toString());
    // without CRDs in sight the lint's version may be the wrong one: that advice stays
    assertTrue(
        Lint.of("SPL026", route(persistence), GatewayApiVersion.MAIN)
            .get(0)
            .message()
            .contains("set gatewayApiVersion: v1.6"));
  }

  @Test
  void cookieOnV16NamesMain() {
    Lint.assertOnlyMarked(
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart}]
            sessionPersistence:  # expect: SPL026 "written for main (cookie), linted as v1.6"
              {cookie: {name: s}}
        """,
        GatewayApiVersion.V1_6);
  }

  @Test
  void aSlipSaysWhichFieldWasMeant() {
    Lint.assertOnlyMarked(
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: HTTPRoute
        metadata: {name: cart, namespace: shop}
        spec:
          rules:
          - backendRefs: [{name: cart}]
            sessionPersistence:
              sesionName: s  # expect: SPL026 "sesionName is not a sessionPersistence field in v1.6; the API server drops it; did you mean 'sessionName'?"
              cookieConfig:
                lifetimeTyp: Session  # expect: SPL026 "did you mean 'lifetimeType'?"
              colour: blue  # expect: SPL026 "the API server drops it"
        """,
        GatewayApiVersion.V1_6);
  }

  @Test
  void idleTimeoutWasRemovedInV16() {
    assertMarked(
        "SPL026",
        route("{idleTimeout: 1h}  # expect: SPL026 \"written for v1.5\""),
        GatewayApiVersion.V1_6);
    assertTrue(of("SPL026", route("{idleTimeout: 1h}"), GatewayApiVersion.V1_5).isEmpty());
  }

  @Test
  void aBackendInTheOldShapeIsNotToldToUseAVersionWithoutBackends() {
    // Only the proposal has a Backend attachment: v1.6 has none, so naming it would point nowhere.
    List<Finding> all =
        Lint.assertOnlyMarked(
            """
            apiVersion: gateway.networking.x-k8s.io/v1alpha1
            kind: Backend
            metadata: {name: cart, namespace: shop}
            spec:
              type: EndpointSelector
              endpointSelector:
                selector: {matchLabels: {app: cart}}
                sessionPersistence:  # expect: SPL026 "on a Backend (gep-1619-backend only): write cookie or header"
                  sessionName: s
                  cookieConfig: {lifetimeType: Session}
            """,
            GatewayApiVersion.GEP_1619_BACKEND);
    assertTrue(!all.get(0).message().contains("v1.6"), all.get(0).message());
  }

  @Test
  void backendAttachmentIsTheProposalsOnly() {
    for (GatewayApiVersion v : List.of(GatewayApiVersion.V1_6, GatewayApiVersion.MAIN)) {
      assertMarked(
          "SPL026",
          markedBackend(
              "# expect: SPL026 \"Backend sessionPersistence is only proposed (gep-1619-backend), not in "
                  + v
                  + "'s CRDs\"",
              "cookie: {name: s}"),
          v);
    }
    assertTrue(
        of("SPL026", backend("{cookie: {name: s}}"), GatewayApiVersion.GEP_1619_BACKEND).isEmpty());
  }

  /** Dropped only where a CRD serves the object: main's XBackend of type ExternalHostname. */
  @Test
  void theBackendsConsequenceFollowsWhatServesIt() {
    String backend = backend("{cookie: {name: s}}");
    String xBackend = backend.replace("kind: Backend", "kind: XBackend");
    assertEquals(
        "no CRD there serves Backend: the API server refuses it",
        consequence(of("SPL026", backend, GatewayApiVersion.MAIN)));
    assertEquals(
        "the API server refuses the object for its type",
        consequence(of("SPL026", xBackend, GatewayApiVersion.MAIN)));
    assertEquals(
        "the API server drops it",
        consequence(
            of(
                "SPL026",
                xBackend.replace("type: EndpointSelector", "type: ExternalHostname"),
                GatewayApiVersion.V1_6)));
    assertEquals(
        "no CRD there serves XBackend: the API server refuses it",
        consequence(of("SPL026", xBackend, GatewayApiVersion.V1_5)));
  }

  private static String consequence(List<Finding> findings) {
    assertEquals(1, findings.size(), findings.toString());
    String message = findings.get(0).message();
    return message.substring(message.indexOf("CRDs; ") + "CRDs; ".length());
  }

  @Test
  void aFieldOfNoVersion() {
    assertMarked(
        "SPL026",
        backend(
            "{cookie: {name: s}, name: x}  # expect: SPL026 \"is not a sessionPersistence field\""),
        GatewayApiVersion.GEP_1619_BACKEND);
  }

  @Test
  void knownFieldsPass() {
    assertTrue(
        of(
                "SPL026",
                backend(
                    "{type: Cookie, absoluteTimeout: 1h, cookie: {name: s, path: /, lifetimeType: Permanent}}"),
                GatewayApiVersion.GEP_1619_BACKEND)
            .isEmpty());
  }

  /**
   * The Backend's text after SPL026's fix, or null when its finding offers none or it is refused.
   */
  private static String fixedBackend(String persistence) {
    String yaml = backend(persistence);
    List<Finding> found = of("SPL026", yaml, GatewayApiVersion.GEP_1619_BACKEND);
    assertEquals(1, found.size(), found.toString());
    if (found.get(0).fix() == null) {
      return null;
    }
    String file = found.get(0).position().file();
    List<dev.spl.fix.TextEdit> edits = dev.spl.fix.TextEdits.of(found.get(0).fix(), file, yaml);
    return edits.isEmpty() ? null : dev.spl.fix.TextEdits.apply(yaml, edits);
  }

  @Test
  void aBackendInTheOldShapeIsWrittenInMainsInPlaceKeepingTheRest() {
    assertEquals(
        backend(
            """
            cookie:
              name: "cart-session"
              lifetimeType: Permanent
            type: Cookie
            absoluteTimeout: 1h
            """),
        fixedBackend(
            """
            sessionName: "cart-session"
            type: Cookie
            cookieConfig:
              lifetimeType: Permanent
            absoluteTimeout: 1h
            """));
    assertEquals(
        backend("type: Header\nheader:\n  name: x-session"),
        fixedBackend("type: Header\nsessionName: x-session"),
        "a Header type's name goes to header");
    assertEquals(
        backend("cookie:\n  lifetimeType: Session"),
        fixedBackend("cookieConfig:\n  lifetimeType: Session"));
  }

  @Test
  void theFixKeepsTheFilesIndentationAndLineEndings() {
    String yaml = backend("sessionName: s\ncookieConfig:\n    lifetimeType: Session");
    List<Finding> found = of("SPL026", yaml, GatewayApiVersion.GEP_1619_BACKEND);
    String crlf = yaml.replace("\n", "\r\n");
    String file = found.get(0).position().file();
    assertEquals(
        backend("cookie:\n    name: s\n    lifetimeType: Session").replace("\n", "\r\n"),
        dev.spl.fix.TextEdits.apply(
            crlf, dev.spl.fix.TextEdits.of(found.get(0).fix(), file, crlf)));
  }

  @Test
  void noFixWhereTheShapeOrTheTextLeavesADoubt() {
    assertNull(
        fixedBackend("sessionName: s\nidleTimeout: 1h"),
        "main has no idleTimeout: no place for it");
    assertNull(
        fixedBackend("type: Header\nsessionName: s\ncookieConfig: {lifetimeType: Session}"),
        "cookieConfig on a Header type");
    assertNull(
        fixedBackend("sessionName: s  # the app's cookie\ncookieConfig: {lifetimeType: Session}"),
        "a comment inside would be lost");
    assertNull(
        fixedBackend("{sessionName: s, cookieConfig: {lifetimeType: Session}}"),
        "flow style is not rewritten");
    List<Finding> onRoute = of("SPL026", route("{sessionName: s}"), GatewayApiVersion.MAIN);
    assertEquals(1, onRoute.size());
    assertTrue(
        onRoute.get(0).fix().ifVersionNamed(),
        "on a route, which shape is meant depends on the version the cluster runs: the fix holds"
            + " only when that version was named");
  }

  /** The fix SPL026 offers for a route linted for {@code version}, applied; null for none. */
  private static String fixedRoute(String persistence, GatewayApiVersion version) {
    String yaml = route(persistence);
    List<Finding> found = of("SPL026", yaml, version);
    assertEquals(1, found.size(), found.toString());
    Finding f = found.get(0);
    if (f.fix() == null) {
      return null;
    }
    assertTrue(f.fix().ifVersionNamed(), "on a route the fix holds only for a named version");
    List<dev.spl.fix.TextEdit> edits = dev.spl.fix.TextEdits.of(f.fix(), f.position().file(), yaml);
    return edits.isEmpty() ? null : dev.spl.fix.TextEdits.apply(yaml, edits);
  }

  @Test
  void aRouteInTheOtherVersionsShapeIsWrittenInTheTargetsForANamedVersion() {
    assertEquals(
        route("cookie:\n  name: s\n  lifetimeType: Session\ntype: Cookie"),
        fixedRoute(
            "sessionName: s\ncookieConfig:\n  lifetimeType: Session\ntype: Cookie",
            GatewayApiVersion.MAIN));
    assertEquals(
        route("sessionName: s\ncookieConfig:\n  lifetimeType: Permanent\nabsoluteTimeout: 1h"),
        fixedRoute(
            "cookie:\n  name: s\n  lifetimeType: Permanent\nabsoluteTimeout: 1h",
            GatewayApiVersion.V1_6));
    assertEquals(
        route("type: Header\nsessionName: x-session"),
        fixedRoute("type: Header\nheader:\n  name: x-session", GatewayApiVersion.V1_6));
  }

  @Test
  void noShapeFixWhereTheOtherVersionHasNoPlaceForAField() {
    assertNull(
        fixedRoute("cookie:\n  name: s\n  path: /cart", GatewayApiVersion.V1_6),
        "v1.x has no cookie path");
    assertNull(fixedRoute("cookie: {}", GatewayApiVersion.V1_6), "nothing of the shape to write");
    assertNull(
        fixedRoute("sessionName: s\nidleTimeout: 1h", GatewayApiVersion.MAIN),
        "main has no idleTimeout");
  }
}
