#!/usr/bin/env bash
# The webhook's cost per review as the cluster grows (issue 13): N objects served by a stand-in API
# server on loopback (ScaleBench.StandInApiServer) to the webhook's informers, reviews over HTTPS.
# Usage: bench/webhook/scale.sh [N...]    (default 100 1000 10000 50000, then 3,000 routes on one
#   hostname, then the realistic mix of issue 31 at 100 and 20,000 objects, v1.6 and main shapes:
#   mix-v1.6:N, mix-main:N, each route its own hostname, one in five sticky under its own name)
# Each size runs in its own JVM with a 192 MiB heap (the chart's until session 14, so rows stay
# comparable with earlier ones; the chart now gives 128 MiB) and, unless SPL_BENCH_GC
# says otherwise, SerialGC.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
mvn -B -q -pl webhook -am test-compile -Dspotless.check.skip=true
mvn -B -q -pl webhook dependency:build-classpath -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
cp="webhook/target/test-classes:webhook/target/classes:$(cat webhook/target/test.classpath)"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 1000 10000 50000 one-hostname mix-v1.6:100 mix-v1.6:20000 mix-main:100 mix-main:20000)
echo "| cluster | route review median / p99 | Service review median / p99 | cluster state kept (JOL), heap growth | a route joining a session name |"
echo "|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  # shellcheck disable=SC2086 # extra JVM flags, e.g. JFR
  java -Xmx192m -Djdk.attach.allowAttachSelf=true -Djol.magicFieldOffset=true ${SPL_BENCH_GC:--XX:+UseSerialGC} ${SPL_BENCH_JAVA_OPTS:-} -cp "$cp" dev.spl.webhook.ScaleBench "$n" 2>/dev/null | grep '^|'
done
