#!/usr/bin/env bash
# Times two spl jars side by side on the same input, alternating, and prints medians and the ratio.
# Usage: [SPL_ARGS="--gateway-api-version v1.6"] bench/compare.sh OLD_JAR NEW_JAR PATH [ROUNDS]
# For example, against the commit before a change:
#   git worktree add /tmp/spl-old <commit> && (cd /tmp/spl-old && mvn -B -q -pl cli -am package -DskipTests)
#   bench/run.sh 20000 1 >/dev/null   # makes bench/out/rendered and bench/out/compact
#   bench/compare.sh /tmp/spl-old/cli/target/spl.jar cli/target/spl.jar bench/out/rendered 9
set -euo pipefail
old="$1" new="$2" input="$3" rounds="${4:-9}"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() {
  local s e
  s=$(date +%s%N)
  # shellcheck disable=SC2086 # SPL_ARGS holds several words on purpose
  java -Xmx512m -XX:+UseSerialGC -jar "$1" lint --format json --fail-on never ${SPL_ARGS:-} "$input" > /dev/null 2>&1 || true
  e=$(date +%s%N)
  echo $(((e - s) / 1000000))
}
time_ms "$old" > /dev/null # warm the page cache
a="" b=""
for _ in $(seq "$rounds"); do
  a+="$(time_ms "$old") "
  b+="$(time_ms "$new") "
done
ma=$(echo "$a" | tr ' ' '\n' | grep . | median)
mb=$(echo "$b" | tr ' ' '\n' | grep . | median)
echo "old: $a-> median ${ma} ms"
echo "new: $b-> median ${mb} ms"
awk -v a="$ma" -v b="$mb" 'BEGIN { printf "new/old: %.3f\n", b / a }'
