#!/usr/bin/env bash
# Load test of the webhook over TLS on loopback with wrk (Debian's; hey cannot do TLS against Jetty).
# Usage: bench/webhook/load.sh [DURATION_SECONDS] [RATE]   e.g. 300 500 for the 5-minute soak.
# SPL_BENCH_OBJECTS=mix-v1.6:10000 (or mix-main:N): the webhook watches a stand-in API server
# (ScaleBench serve, in its own JVM) holding that mix of routes and Services in the reviews'
# namespace, so its RSS is measured with a filled cache; without it, --watch-cluster=false.
# SPL_BENCH_JAVA_OPTS: the webhook's JVM flags instead of "-Xmx256m $SPL_BENCH_GC" (the chart's
# are charts/spl-webhook/values.yaml's javaOpts, MaxRAMPercentage of the pod's limit).
# Without RATE, wrk runs closed-loop, as fast as CONNECTIONS allow. With RATE, each connection
# waits CONNECTIONS*1000/RATE ms between requests (wrk's delay hook), which holds about RATE
# requests/s; the rate reached is printed. Only loopback is ever targeted.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
duration="${1:-60}"
rate="${2:-}"
if [ -n "$rate" ]; then
  export SPL_DELAY_MS=$(( ${CONNECTIONS:-8} * 1000 / rate ))
fi
connections="${CONNECTIONS:-8}"
jar=webhook/target/spl-webhook.jar
[ -f "$jar" ] || mvn -B -q -pl webhook -am package -DskipTests
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 2; }
work=$(mktemp -d)
trap 'kill "$pid" ${api:-} 2>/dev/null || true; rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/tls.key" -out "$work/tls.crt" 2>/dev/null
port=$((20000 + RANDOM % 20000))
cluster=(--watch-cluster=false)
client=()
if [ -n "${SPL_BENCH_OBJECTS:-}" ]; then
  mvn -B -q -pl webhook -am test-compile -Dspotless.check.skip=true
  mvn -B -q -pl webhook dependency:build-classpath -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
  cp="webhook/target/test-classes:webhook/target/classes:$(cat webhook/target/test.classpath)"
  java -Xmx1g -cp "$cp" dev.spl.webhook.ScaleBench serve "$SPL_BENCH_OBJECTS" "$work/kubeconfig" > "$work/api.log" 2>&1 &
  api=$!
  for _ in $(seq 300); do [ -s "$work/kubeconfig" ] && break; sleep 0.2; done
  [ -s "$work/kubeconfig" ] || { echo "the stand-in API server did not start: $work/api.log"; exit 1; }
  # The client configured as in a pod, from settings rather than a kubeconfig file: fabric8 reads a
  # kubeconfig with a serializer that loads every model class by kind (~600 classes, ~8 MiB of
  # metaspace) that a pod's in-cluster configuration never loads.
  url=$(head -1 "$work/api.log" | awk '{print $NF}')
  client=("-Dkubernetes.master=$url" -Dkubernetes.auth.tryKubeConfig=false
    -Dkubernetes.auth.tryServiceAccount=false -Dkubernetes.namespace=shop)
  cluster=()
  unset KUBECONFIG
  head -1 "$work/api.log"
fi
# SPL_BENCH_GC: the collector flags (default: the JVM's own choice on this machine); the chart's
# are in charts/spl-webhook/values.yaml. SPL_BENCH_JAR: another build's jar, to compare.
# SPL_BENCH_JAVA: another runtime's java (the image's is Java 25: /usr/lib/jvm/temurin-25-jdk-amd64).
# SPL_BENCH_CLASSPATH: run WebhookMain from this class path instead of the shaded jar, as the image
# does (Jib lays out the classes and each dependency's jar apart; the JVM then opens only the jars it
# loads from, and holds their smaller directories, not the shaded jar's 27,000 entries).
launch=(-jar "${SPL_BENCH_JAR:-$jar}")
[ -z "${SPL_BENCH_CLASSPATH:-}" ] || launch=(-cp "$SPL_BENCH_CLASSPATH" dev.spl.webhook.WebhookMain)
# shellcheck disable=SC2086 # the GC flags are words
"${SPL_BENCH_JAVA:-java}" ${SPL_BENCH_JAVA_OPTS:--Xmx256m ${SPL_BENCH_GC:-}} "${client[@]}" "${launch[@]}" --port "$port" \
  --host 127.0.0.1 --tls-cert-file "$work/tls.crt" --tls-key-file "$work/tls.key" "${cluster[@]}" > "$work/webhook.log" &
pid=$!
for _ in $(seq 600); do
  curl -skf "https://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
rss() { awk '/VmRSS/{print $2}' "/proc/$pid/status"; }
curl -skf "https://127.0.0.1:$port/readyz" >/dev/null || { echo "the webhook is not ready: $work/webhook.log"; cat "$work/webhook.log"; exit 1; }
echo "rss when ready: $(( $(rss) / 1024 )) MiB"
echo "== warm-up 10 s"
SPL_DELAY_MS=0 wrk -t2 -c"$connections" -d10s -s bench/webhook/mix.lua "https://127.0.0.1:$port" > /dev/null
echo "rss after warm-up: $(( $(rss) / 1024 )) MiB"
echo "== measured ${duration} s, ${connections} connections, keep-alive, TLS${rate:+, target $rate requests/s}"
samples="$work/rss.txt"
( while kill -0 "$pid" 2>/dev/null; do rss >> "$samples"; sleep 5; done ) &
sampler=$!
wrk -t2 -c"$connections" -d"${duration}s" --latency -s bench/webhook/mix.lua "https://127.0.0.1:$port" \
  | grep -E "^(requests|latency|rate)"
kill "$sampler" 2>/dev/null || true
echo "rss every minute (MiB): $(awk 'NR % 12 == 1 {printf "%d ", $1 / 1024}' "$samples")"
echo "rss during: first $(( $(head -1 "$samples") / 1024 )) MiB, max $(( $(sort -n "$samples" | tail -1) / 1024 )) MiB, last $(( $(tail -1 "$samples") / 1024 )) MiB"
sleep 5
echo "rss after: $(( $(rss) / 1024 )) MiB (anonymous $(awk '/RssAnon/{print int($2 / 1024)}' "/proc/$pid/status") MiB), threads $(find "/proc/$pid/task" -mindepth 1 -maxdepth 1 | wc -l)"
# with -XX:NativeMemoryTracking=summary among SPL_BENCH_JAVA_OPTS: where the RSS goes
if [[ "${SPL_BENCH_JAVA_OPTS:-}" == *NativeMemoryTracking* ]]; then
  jcmd "$pid" VM.native_memory summary | grep -E "^(Total|-)" | sed 's/^-  *//'
fi
echo "reviews logged: $(grep -c '"msg":"review"' "$work/webhook.log")"
