-- wrk script: POSTs AdmissionReviews to /validate, alternating an allowed and a denied object,
-- and counts non-200 answers as errors. Both pass the CRD's own validation, as every object a real
-- webhook sees has; the denied one is a Permanent cookie with absoluteTimeout 0s (SPL133). Bodies are built once; BenchBodiesTest checks that the
-- allowed one is allowed and the denied one denied under the webhook's default version.
local allowed = [[{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u-ok","operation":"CREATE","kind":{"group":"gateway.networking.k8s.io","version":"v1","kind":"HTTPRoute"},"namespace":"shop","name":"cart","object":{"apiVersion":"gateway.networking.k8s.io/v1","kind":"HTTPRoute","metadata":{"name":"cart","namespace":"shop"},"spec":{"rules":[{"backendRefs":[{"name":"cart","port":8080}],"sessionPersistence":{"sessionName":"cart","type":"Cookie","absoluteTimeout":"24h","cookieConfig":{"lifetimeType":"Permanent"}}}]}}}}]]
local denied = [[{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u-bad","operation":"CREATE","kind":{"group":"gateway.networking.k8s.io","version":"v1","kind":"HTTPRoute"},"namespace":"shop","name":"r","object":{"apiVersion":"gateway.networking.k8s.io/v1","kind":"HTTPRoute","metadata":{"name":"r","namespace":"shop"},"spec":{"rules":[{"backendRefs":[{"name":"cart","port":8080}],"sessionPersistence":{"sessionName":"cart","type":"Cookie","absoluteTimeout":"0s","cookieConfig":{"lifetimeType":"Permanent"}}}]}}}}]]
-- SPL_DELAY_MS spaces each connection's requests, to hold a target rate (load.sh sets it).
local delay_ms = tonumber(os.getenv("SPL_DELAY_MS") or "0")
if delay_ms > 0 then
  delay = function() return delay_ms end
end
local n = 0
request = function()
  n = n + 1
  local body = (n % 2 == 0) and allowed or denied
  return wrk.format("POST", "/validate", {["Content-Type"] = "application/json"}, body)
end
local errors = 0
response = function(status, headers, body)
  if status ~= 200 then errors = errors + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("requests %d, non-200 %d, socket errors %d\n", summary.requests,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  io.write(string.format("latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("rate %.0f requests/s\n", summary.requests / (summary.duration / 1e6)))
end
