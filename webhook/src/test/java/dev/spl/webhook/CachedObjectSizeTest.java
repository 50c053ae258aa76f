package dev.spl.webhook;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.schema.GatewayApiVersion;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.OutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * The heap a cached object costs the webhook (issue 28: under 1.5 KB), counted object by object
 * with JOL over everything the cluster state keeps: spl's index and the informers' stores, for the
 * realistic mix of routes and Services that bench/webhook/scale.sh serves (each with a uid and a
 * resourceVersion of its own, as the API server writes them).
 */
class CachedObjectSizeTest {
  static {
    System.setProperty("jol.magicFieldOffset", "true"); // records' field offsets, on Java 17+
  }

  private static final int OBJECTS = 4_000;

  /**
   * The aim (issue 28: under 1.5 KB). 1,225 bytes were measured when this was written; the
   * projections the cross-resource rules added since (references, listeners, grants) bring it to
   * 1,397-1,401 on 2026-12-05, varying by a few bytes from run to run (map sizes follow the order
   * the informers deliver in), so a bound at 1,400 failed one CI run in two.
   */
  private static final long MAX_BYTES_PER_OBJECT = 1_536;

  @Test
  void aCachedObjectTakesUnderTheBound() throws Exception {
    ScaleBench.Mix mix = new ScaleBench.Mix(GatewayApiVersion.V1_6, OBJECTS);
    try (ScaleBench.StandInApiServer api =
            new ScaleBench.StandInApiServer(mix.routes(), mix.services(), false, mix);
        KubernetesClient client =
            new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder().withMasterUrl(api.url()).build())
                .build()) {
      InformerClusterState state =
          new InformerClusterState(
                  client,
                  new JsonLog(new PrintStream(OutputStream.nullOutputStream())),
                  GatewayApiVersion.V1_6)
              .start();
      try {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!(state.isSynced() && state.size() > OBJECTS)) { // and the Gateway
          assertTrue(System.nanoTime() < deadline, "informers did not sync: " + state.size());
          Thread.sleep(20);
        }
        // The stores reach the JSON mapper that projects each change: shared by every object, not a
        // cached object's cost.
        long bytes =
            GraphLayout.parseInstance(state.keptState().toArray())
                .subtract(GraphLayout.parseInstance(client.getKubernetesSerialization()))
                .totalSize();
        long perObject = bytes / OBJECTS;
        System.out.println("cached object: " + perObject + " bytes");
        assertTrue(
            perObject <= MAX_BYTES_PER_OBJECT,
            perObject + " bytes per cached object, more than " + MAX_BYTES_PER_OBJECT);
        assertTrue(perObject > 200, perObject + " bytes: the walk missed the cache");
      } finally {
        state.close();
      }
    }
  }
}
