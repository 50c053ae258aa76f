package dev.spl.webhook;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.spl.Engine;
import dev.spl.LintOptions;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Coverage-guided fuzzing of what the webhook does with a request body: parse it, then review it.
 * Anything but an answer or a refusal (HTTP 400) is a bug. Half the inputs are raw bytes; the other
 * half are well-formed AdmissionReviews whose operation, kind and session persistence fields come
 * from the fuzzer, so that mutations reach the rules rather than die in the JSON parser. Without
 * JAZZER_FUZZ the seeds in AdmissionReviewFuzzTestInputs/ replay as a regression test.
 */
class AdmissionReviewFuzzTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final AdmissionHandler HANDLER =
      new AdmissionHandler(new Engine(), LintOptions.defaults(), ClusterState.NONE, false);
  private static final String[] OPERATIONS = {"CREATE", "UPDATE", "DELETE", "CONNECT", ""};
  private static final String[][] KINDS = {
    {"gateway.networking.k8s.io", "HTTPRoute"},
    {"gateway.networking.k8s.io", "GRPCRoute"},
    {"gateway.networking.x-k8s.io", "XBackend"},
    {"gateway.networking.x-k8s.io", "XBackendTrafficPolicy"},
    {"gateway.networking.k8s.io", "BackendLBPolicy"},
    {"", "Service"},
    {"", "ConfigMap"}
  };

  @FuzzTest(maxDuration = "60s")
  void anyBodyIsAnsweredOrRefused(FuzzedDataProvider data) throws Exception {
    byte[] body = data.consumeBoolean() ? data.consumeRemainingAsBytes() : structured(data);
    JsonNode tree;
    try {
      tree = JSON.readTree(body);
    } catch (JacksonException invalidJson) {
      return; // HTTP 400
    }
    try {
      if (HANDLER.review(tree).internalError()) {
        throw new AssertionError("a rule failed on this input");
      }
    } catch (InvalidReviewException refused) {
      // HTTP 400
    }
  }

  private static byte[] structured(FuzzedDataProvider data) {
    String[] kind = data.pickValue(KINDS);
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1");
    review.put("kind", "AdmissionReview");
    ObjectNode request = review.putObject("request");
    request.put("uid", data.consumeString(8));
    request.put("operation", data.pickValue(OPERATIONS));
    request.putObject("kind").put("group", kind[0]).put("version", "v1").put("kind", kind[1]);
    request.put("namespace", data.consumeString(6));
    request.put("dryRun", data.consumeBoolean());
    ObjectNode object = request.putObject("object");
    object.put("apiVersion", kind[0].isEmpty() ? "v1" : kind[0] + "/v1");
    object.put("kind", kind[1]);
    object.putObject("metadata").put("name", data.consumeString(10));
    ObjectNode spec = object.putObject("spec");
    ObjectNode persistence =
        switch (kind[1]) {
          case "HTTPRoute", "GRPCRoute" -> {
            ObjectNode rule = spec.putArray("rules").addObject();
            rule.putArray("backendRefs").addObject().put("name", data.consumeString(6));
            yield rule.putObject("sessionPersistence");
          }
          case "XBackend" -> {
            spec.put("type", data.consumeBoolean() ? "EndpointSelector" : data.consumeString(12));
            yield spec.putObject("endpointSelector").putObject("sessionPersistence");
          }
          case "Service" -> {
            spec.put("sessionAffinity", data.consumeBoolean() ? "ClientIP" : data.consumeString(8));
            spec.putObject("sessionAffinityConfig")
                .putObject("clientIP")
                .put("timeoutSeconds", data.consumeLong());
            yield null;
          }
          default -> spec.putObject("sessionPersistence");
        };
    if (persistence != null) {
      persistence.put(
          "type", data.pickValue(new String[] {"Cookie", "Header", data.consumeString(8)}));
      persistence.put("absoluteTimeout", data.consumeString(12));
      ObjectNode cookie = persistence.putObject(data.consumeBoolean() ? "cookie" : "cookieConfig");
      cookie.put("name", data.consumeString(20));
      cookie.put("path", data.consumeString(20));
      cookie.put(
          "lifetimeType",
          data.pickValue(new String[] {"Permanent", "Session", data.consumeString(8)}));
      if (data.consumeBoolean()) {
        persistence.putObject("header").put("name", data.consumeString(20));
      }
    }
    return JSON.writeValueAsBytes(review);
  }
}
