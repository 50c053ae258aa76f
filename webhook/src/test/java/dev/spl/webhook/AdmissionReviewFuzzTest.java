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
    {"gateway.networking.k8s.io", "v1", "HTTPRoute"},
    {"gateway.networking.k8s.io", "v1", "GRPCRoute"},
    {"gateway.networking.x-k8s.io", "v1alpha1", "XBackend"},
    {"gateway.networking.x-k8s.io", "v1alpha1", "XBackendTrafficPolicy"},
    {"gateway.networking.k8s.io", "v1alpha2", "BackendLBPolicy"},
    {"", "v1", "Service"},
    {"", "v1", "ConfigMap"},
    {"networking.k8s.io", "v1", "Ingress"},
    {"networking.istio.io", "v1", "DestinationRule"},
    {"gateway.envoyproxy.io", "v1alpha1", "BackendTrafficPolicy"}
  };
  // The annotation keys the ingress-nginx and Traefik rules read, and some they must ignore.
  private static final String[] ANNOTATIONS = {
    "nginx.ingress.kubernetes.io/affinity",
    "nginx.ingress.kubernetes.io/affinity-mode",
    "nginx.ingress.kubernetes.io/session-cookie-name",
    "nginx.ingress.kubernetes.io/session-cookie-path",
    "nginx.ingress.kubernetes.io/session-cookie-max-age",
    "nginx.ingress.kubernetes.io/session-cookie-expires",
    "nginx.ingress.kubernetes.io/session-cookie-samesite",
    "nginx.ingress.kubernetes.io/session-cookie-secure",
    "nginx.ingress.kubernetes.io/service-upstream",
    "nginx.ingress.kubernetes.io/use-regex",
    "nginx.ingress.kubernetes.io/canary",
    "kubernetes.io/ingress.class",
    "nginx.org/sticky-cookie-services",
    "traefik.ingress.kubernetes.io/service.sticky.cookie",
    "traefik.ingress.kubernetes.io/service.sticky.cookie.name",
    "traefik.ingress.kubernetes.io/service.nativelb"
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
    request.putObject("kind").put("group", kind[0]).put("version", kind[1]).put("kind", kind[2]);
    request.put("namespace", data.consumeString(6));
    request.put("dryRun", data.consumeBoolean());
    ObjectNode object = request.putObject("object");
    object.put("apiVersion", kind[0].isEmpty() ? kind[1] : kind[0] + "/" + kind[1]);
    object.put("kind", kind[2]);
    ObjectNode metadata = object.putObject("metadata").put("name", data.consumeString(10));
    ObjectNode annotations = metadata.putObject("annotations");
    for (int i = data.consumeInt(0, 4); i > 0; i--) {
      annotations.put(data.pickValue(ANNOTATIONS), data.consumeString(12));
    }
    ObjectNode spec = object.putObject("spec");
    ObjectNode persistence =
        switch (kind[2]) {
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
          case "Ingress" -> {
            ingress(spec, data);
            yield null;
          }
          case "DestinationRule" -> {
            destinationRule(spec, data);
            yield null;
          }
          case "BackendTrafficPolicy" -> {
            ObjectNode lb = spec.putObject("loadBalancer").put("type", data.consumeString(16));
            ObjectNode hash = lb.putObject("consistentHash").put("type", data.consumeString(8));
            hash.putObject("cookie")
                .put("name", data.consumeString(12))
                .put("ttl", data.consumeString(8));
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

  private static void ingress(ObjectNode spec, FuzzedDataProvider data) {
    if (data.consumeBoolean()) {
      spec.put("ingressClassName", data.consumeString(8));
    }
    if (data.consumeBoolean()) {
      spec.putArray("tls").addObject().putArray("hosts").add(data.consumeString(12));
    }
    ObjectNode rule = spec.putArray("rules").addObject().put("host", data.consumeString(12));
    ObjectNode path = rule.putObject("http").putArray("paths").addObject();
    path.put("path", data.consumeString(12)).put("pathType", data.consumeString(8));
    ObjectNode service = path.putObject("backend").putObject("service");
    service.put("name", data.consumeString(8));
    if (data.consumeBoolean()) {
      service.putObject("port").put("number", data.consumeInt());
    } else {
      service.putObject("port").put("name", data.consumeString(6));
    }
  }

  private static void destinationRule(ObjectNode spec, FuzzedDataProvider data) {
    spec.put("host", data.consumeString(12));
    ObjectNode lb = spec.putObject("trafficPolicy").putObject("loadBalancer");
    if (data.consumeBoolean()) {
      lb.put("simple", data.consumeString(12));
    }
    ObjectNode cookie = lb.putObject("consistentHash").putObject("httpCookie");
    cookie.put("name", data.consumeString(12)).put("path", data.consumeString(8));
    if (data.consumeBoolean()) {
      cookie.put("ttl", data.consumeString(8));
    }
  }
}
