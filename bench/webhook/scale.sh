#!/usr/bin/env bash
# The webhook's cost per review as the cluster grows (issue 13): N objects served by a stand-in API
# server on loopback (ScaleBench.StandInApiServer) to the webhook's informers, reviews over HTTPS.
# Usage: bench/webhook/scale.sh [N...]    (default 100 1000 10000 50000, then 3,000 routes on one hostname)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
mvn -B -q -pl webhook -am test-compile -Dspotless.check.skip=true
mvn -B -q -pl webhook dependency:build-classpath -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
cp="webhook/target/test-classes:webhook/target/classes:$(cat webhook/target/test.classpath)"
# The chart's heap: 60 % of a 384 MiB limit.
# shellcheck disable=SC2086 # extra JVM flags, e.g. JFR
exec java -Xmx230m -XX:+UseSerialGC ${SPL_BENCH_JAVA_OPTS:-} -cp "$cp" dev.spl.webhook.ScaleBench "$@"
