package dev.spl.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.load.ManifestLoader;
import dev.spl.migrate.IngressNginxMigration.Result;
import dev.spl.migrate.IngressNginxMigration.Source;
import dev.spl.migrate.Report.Outcome;
import dev.spl.model.Resource;
import dev.spl.schema.GatewayApiVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * spl migrate ingress-nginx --to agentgateway: agentgateway cannot pin clients (its controller
 * reads no sessionPersistence, agentgateway 75b4e6c), so the routes are written without it and
 * every affinity setting is reported as not carried.
 */
class AgentgatewayMigrationTest {
  private static Result migrate(List<Source> routes) {
    return IngressNginxMigration.run(
        List.of(new Source("ingress.yaml", IngressNginxMigrationTest.EXAMPLE)),
        routes,
        GatewayApiVersion.V1_6,
        null,
        MigrationTarget.AGENTGATEWAY);
  }

  @Test
  void theRoutesAreWrittenWithoutPersistenceAndEverySettingIsNotCarried() {
    Result r = migrate(List.of());
    List<Resource> out = new ManifestLoader().loadText("out.yaml", r.yaml()).resources();
    assertEquals(1, out.size(), r.yaml());
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    String who = "Ingress default/nginx-test";
    for (String annotation : List.of("affinity", "session-cookie-name", "session-cookie-max-age")) {
      assertEquals(
          Outcome.NOT_CARRIED,
          r.report().outcomeOf(who, annotation).orElseThrow(),
          annotation + " in\n" + r.report().text());
    }
    assertTrue(r.report().text().contains("agentgateway cannot pin clients"), r.report().text());
    assertEquals(0, r.report().count(Outcome.MAPPED), r.report().text());
    assertTrue(r.introducedErrors().isEmpty(), r.introducedErrors().toString());
  }

  @Test
  void givenRoutesArePrintedUnchanged() {
    Result r = migrate(List.of(new Source("routes.yaml", IngressNginxMigrationTest.ROUTES)));
    assertEquals(0, r.routesTouched());
    assertFalse(r.yaml().contains("sessionPersistence"), r.yaml());
    assertTrue(r.report().incomplete());
  }

  @Test
  void anAgentgatewayGatewayClassChoosesIt() {
    TargetInference.Inference inferred =
        TargetInference.infer(
            List.of(
                new Source(
                    "gateway.yaml",
                    """
                    apiVersion: gateway.networking.k8s.io/v1
                    kind: GatewayClass
                    metadata: {name: agw}
                    spec: {controllerName: agentgateway.dev/agentgateway}
                    ---
                    apiVersion: gateway.networking.k8s.io/v1
                    kind: Gateway
                    metadata: {name: web}
                    spec:
                      gatewayClassName: agw
                      listeners: [{name: http, port: 80, protocol: HTTP}]
                    """)),
            null);
    assertEquals(MigrationTarget.AGENTGATEWAY, inferred.target());
  }
}
