#!/usr/bin/env bash
# Issue 28: does the webhook's heap hold the costliest reviews on top of a full cache? Starts the
# packaged webhook with SPL_BENCH_JAVA_OPTS (default: the chart's javaOpts, read from its
# values.yaml, at its 320Mi limit) watching a stand-in API server of SPL_BENCH_OBJECTS (default
# mix-v1.6:10000), then sends 8 concurrent ~2.9 MiB reviews of each shape (big_reviews.py) and
# prints the answers and RSS. "WEBHOOK DIED" means the heap is too small for the limit.
# Usage: bench/webhook/big-reviews.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
chart_opts=$(sed -n 's/^javaOpts: "\(.*\)"$/\1/p' charts/spl-webhook/values.yaml)
[ -n "$chart_opts" ] || { echo "no javaOpts in charts/spl-webhook/values.yaml"; exit 2; }
opts="${SPL_BENCH_JAVA_OPTS:--XX:MaxRAM=320m $chart_opts}"
jar=webhook/target/spl-webhook.jar
[ -f "$jar" ] || mvn -B -q -pl webhook -am package -DskipTests
mvn -B -q -pl webhook -am test-compile -Dspotless.check.skip=true
mvn -B -q -pl webhook dependency:build-classpath -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
cp="webhook/target/test-classes:webhook/target/classes:$(cat webhook/target/test.classpath)"
work=$(mktemp -d)
java -Xmx1g -cp "$cp" dev.spl.webhook.ScaleBench serve "${SPL_BENCH_OBJECTS:-mix-v1.6:10000}" "$work/kubeconfig" > "$work/api.log" 2>&1 &
api=$!
trap 'kill "$api" ${pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 300); do [ -s "$work/kubeconfig" ] && break; sleep 0.2; done
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/tls.key" -out "$work/tls.crt" 2>/dev/null
port=$((20000 + RANDOM % 20000))
# shellcheck disable=SC2086 # the JVM flags are words
KUBECONFIG="$work/kubeconfig" MALLOC_ARENA_MAX=2 java $opts -jar "$jar" --port "$port" --host 127.0.0.1 \
  --tls-cert-file "$work/tls.crt" --tls-key-file "$work/tls.key" > "$work/webhook.log" 2>&1 &
pid=$!
for _ in $(seq 600); do curl -skf "https://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
rss() { awk '/VmRSS/{print int($2 / 1024)}' "/proc/$pid/status"; }
echo "ready with $(head -1 "$work/api.log" | cut -d' ' -f2) objects cached, rss $(rss) MiB"
for shape in list maps pad; do
  python3 bench/webhook/big_reviews.py "$port" 8 "$shape"
  kill -0 "$pid" 2>/dev/null || { echo "WEBHOOK DIED"; tail -3 "$work/webhook.log"; exit 1; }
done
echo "rss after: $(rss) MiB"
