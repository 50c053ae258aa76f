#!/usr/bin/env bash
# Startup of two unpacked distributions side by side (interleaved), medians of N runs each:
# ./bench/startup-compare.sh OLD_DIST_DIR NEW_DIST_DIR [RUNS]
# A distribution directory is an unpacked tarball (bin/spl, lib/, runtime/); unpack with tar, which
# keeps the jar's date: the class-data archive is only used with a jar of the same date.
set -euo pipefail
old=${1:?old distribution directory}
new=${2:?new distribution directory}
runs=${3:-15}
cd "$(dirname "$0")/.."
small=examples/SPL010-permanent-needs-absolute-timeout/good.yaml
service=examples/SPL150-client-ip-behind-snat/good.yaml
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() { local s e; s=$(date +%s%N); "$@" > /dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
declare -A t
for _ in $(seq "$runs"); do
  for which in old new; do
    d=${!which}
    t[$which-java]+="$(time_ms "$d/runtime/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -version) "
    t[$which-small]+="$(time_ms "$d/bin/spl" lint "$small") "
    t[$which-service]+="$(time_ms "$d/bin/spl" lint "$service") "
    t[$which-help]+="$(time_ms "$d/bin/spl" --help) "
  done
done
for k in java small service help; do
  o=$(tr ' ' '\n' <<< "${t[old-$k]}" | grep . | median)
  n=$(tr ' ' '\n' <<< "${t[new-$k]}" | grep . | median)
  echo "$k: old $o ms, new $n ms"
done
