#!/usr/bin/env bash
# Issue 27: thousands of idle TLS connections against the packaged webhook jar with a given heap,
# in bursts; the webhook's RSS (RssAnon: what a memory cgroup kills for) after each, and whether a
# real review is answered during. The chart's limit is 320Mi.
# Usage: bench/webhook/idle-connections.sh [JAR] [HEAP] [BURSTS] [CONNECTIONS]
#   (default webhook/target/spl-webhook.jar 192m 5 5000)
# SPL_BENCH_GC picks the collector flags (default -XX:+UseSerialGC, what the JVM picks by itself
# in a pod under 2 CPUs or 1792 MiB; the chart's choice is in charts/spl-webhook/values.yaml).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="${1:-$root/webhook/target/spl-webhook.jar}"
heap="${2:-192m}"
bursts="${3:-5}"
connections="${4:-5000}"
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
ulimit -n $((connections * 2 + 1000))
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/tls.key" -out "$work/tls.crt" -days 1 \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost 2>/dev/null
python3 -c "import re,sys; print(re.search(r'local allowed = \[\[(.*?)\]\]', open(sys.argv[1]).read(), re.S).group(1))" \
  "$root/bench/webhook/mix.lua" > "$work/allowed.json"
port=$((20000 + RANDOM % 10000))
# shellcheck disable=SC2086 # the GC flags are words
java "-Xmx$heap" ${SPL_BENCH_GC:--XX:+UseSerialGC} -XX:+ExitOnOutOfMemoryError -jar "$jar" --port "$port" \
  --host 127.0.0.1 --tls-cert-file "$work/tls.crt" --tls-key-file "$work/tls.key" \
  --watch-cluster=false > "$work/webhook.log" 2>&1 &
pid=$!
for _ in $(seq 60); do curl -sk "https://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.5; done
echo "| burst | connections handshaken | review during | RSS after close | RssAnon |"
echo "|---|---|---|---|---|"
for b in $(seq "$bursts"); do
  out="$(python3 "$root/bench/webhook/idle_connections.py" "$port" "$connections" "$pid" "$work/allowed.json")"
  shaken="$(echo "$out" | sed -n 's/^handshaken \([0-9]*\).*/\1/p')"
  review="$(echo "$out" | sed -n 's/^review during: //p')"
  after="$(echo "$out" | sed -n 's/^after close rss //p')"
  anon="$(awk '/RssAnon/ {print int($2 / 1024) " MiB"}' "/proc/$pid/status")"
  echo "| $b | $shaken of $connections | $review | $after | $anon |"
done
# What is handed back once the burst is over: a collector that returns memory does it within
# its periodic interval; one that does not keeps what it committed.
sleep "${SPL_BENCH_SETTLE_SECONDS:-30}"
echo "| settled ${SPL_BENCH_SETTLE_SECONDS:-30} s later | | | $(awk '/VmRSS/ {print int($2 / 1024) " MiB"}' "/proc/$pid/status") | $(awk '/RssAnon/ {print int($2 / 1024) " MiB"}' "/proc/$pid/status") |"
