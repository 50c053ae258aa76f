"""Sends N concurrent AdmissionReviews of about 2.3-2.9 MiB each, of one shape, to the webhook on
loopback, and prints each answer's status and time: bench/webhook/big-reviews.sh drives it.
Shapes: list (580,000 one-letter hostnames: the most tree per byte), maps (200,000 labels), pad (one
2.9 MiB annotation)."""
import http.client
import json
import ssl
import sys
import threading
import time

port, count, shape = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
route = {
    "apiVersion": "gateway.networking.k8s.io/v1",
    "kind": "HTTPRoute",
    "metadata": {"name": "big", "namespace": "shop"},
    "spec": {"parentRefs": [{"name": "public"}],
             "rules": [{"backendRefs": [{"name": "svc-1", "port": 8080}]}]},
}
if shape == "list":
    route["spec"]["hostnames"] = ["a"] * 580_000
elif shape == "maps":
    route["metadata"]["labels"] = {"k%d" % i: "" for i in range(200_000)}
else:
    route["metadata"]["annotations"] = {"pad": "x" * 2_900_000}
review = {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {
    "uid": "u", "operation": "CREATE",
    "kind": {"group": "gateway.networking.k8s.io", "version": "v1", "kind": "HTTPRoute"},
    "namespace": "shop", "name": "big", "object": route}}
body = json.dumps(review, separators=(",", ":")).encode()
context = ssl._create_unverified_context()  # loopback only, the script's own certificate
answers = []


def send():
    connection = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=60)
    start = time.time()
    try:
        connection.request("POST", "/validate", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        answers.append("%d in %.2f s" % (response.status, time.time() - start))
    except OSError as e:
        answers.append("failed: %r" % e)


threads = [threading.Thread(target=send) for _ in range(count)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("%s: %d bytes each, %s" % (shape, len(body), "; ".join(sorted(answers))))
