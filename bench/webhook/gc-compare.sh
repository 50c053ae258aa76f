#!/usr/bin/env bash
# Issue 27: the chart's collector, side by side. SerialGC (what the JVM picks by itself in a pod
# under 2 CPUs or 1792 MiB) against G1 with a periodic collection (JEP 346: G1 hands committed
# heap back to the OS when the webhook idles). Alternating rounds of the route review at scale
# (bench/webhook/scale.sh), closed-loop load and a soak at 500 reviews/s (bench/webhook/load.sh),
# and thousands of idle TLS connections (bench/webhook/idle-connections.sh).
# Usage: bench/webhook/gc-compare.sh [ROUNDS] [SECONDS]   (default 2 rounds, 30 s per load run)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rounds="${1:-2}"
seconds="${2:-30}"
serial="-XX:+UseSerialGC"
g1="-XX:+UseG1GC -XX:G1PeriodicGCInterval=5000"
cd "$root"
for round in $(seq "$rounds"); do
  for gc in "$serial" "$g1"; do
    echo "=== round $round: $gc"
    SPL_BENCH_GC="$gc" bench/webhook/scale.sh mix-v1.6:100 mix-v1.6:20000
    SPL_BENCH_GC="$gc" bench/webhook/load.sh "$seconds" | grep -E "^(requests|latency|rate|rss)"
    SPL_BENCH_GC="$gc" bench/webhook/load.sh "$seconds" 500 | grep -E "^(requests|latency|rate|rss)"
  done
done
echo "=== idle connections (192 MiB heap, 4 bursts of 5,000)"
for gc in "$serial" "$g1"; do
  echo "--- $gc"
  SPL_BENCH_GC="$gc" bench/webhook/idle-connections.sh webhook/target/spl-webhook.jar 192m 4 5000
done
