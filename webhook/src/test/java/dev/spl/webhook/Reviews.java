package dev.spl.webhook;

/** AdmissionReview request bodies for tests. */
final class Reviews {
  private Reviews() {}

  static String review(
      String uid, String operation, String group, String kind, String namespace, String object) {
    return """
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "request": {"uid": "%s", "operation": "%s",
                     "kind": {"group": "%s", "version": "v1", "kind": "%s"},
                     "namespace": "%s", "name": "x", "dryRun": false,
                     "object": %s}}
        """
        .formatted(uid, operation, group, kind, namespace, object);
  }

  static String backend(String persistence) {
    return """
        {"apiVersion": "gateway.networking.x-k8s.io/v1alpha1", "kind": "XBackend",
         "metadata": {"name": "cart"},
         "spec": {"type": "EndpointSelector",
                  "endpointSelector": {"selector": {}, "sessionPersistence": %s}}}
        """
        .formatted(persistence);
  }

  static String goodBackend() {
    return review(
        "u-good",
        "CREATE",
        "gateway.networking.x-k8s.io",
        "XBackend",
        "shop",
        backend("{\"cookie\": {\"name\": \"cart\"}}"));
  }

  static String badBackend() {
    return review(
        "u-bad",
        "CREATE",
        "gateway.networking.x-k8s.io",
        "XBackend",
        "shop",
        backend(
            "{\"absoluteTimeout\": \"0s\", \"cookie\": {\"name\": \"cart\", \"lifetimeType\": \"Permanent\"}}"));
  }

  static String warnedBackend() {
    return review(
        "u-warn",
        "CREATE",
        "gateway.networking.x-k8s.io",
        "XBackend",
        "shop",
        backend("{\"cookie\": {\"name\": \"cart\", \"path\": \"cart\"}}"));
  }
}
