#!/usr/bin/env bash
# `spl lint .` at the root of the five real repositories of cli/src/test/resources/realrepos, with
# two jars side by side, alternating, ROUNDS times each: prints each repository's findings count and
# exit status, the median wall time per jar and the ratio new/old.
#   ./bench/realrepos.sh OLD_JAR NEW_JAR [ROUNDS]
# Build a jar of a commit with: git worktree add /tmp/c COMMIT && (cd /tmp/c && mvn -q -pl rules,cli
# package -DskipTests) && cp /tmp/c/cli/target/spl.jar old.jar
set -euo pipefail
old=${1:?old jar}
new=${2:?new jar}
rounds=${3:-5}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for tarball in "$repo"/cli/src/test/resources/realrepos/*.tar.gz; do
  name=$(basename "$tarball" .tar.gz)
  mkdir -p "$work/$name"
  tar -xzf "$tarball" -C "$work/$name"
  declare -A times=()
  for _ in $(seq 1 "$rounds"); do
    for which in old new; do
      jar=${!which}
      start=$(date +%s.%N)
      set +e
      (cd "$work/$name" && java -XX:+UseSerialGC -jar "$jar" lint . > "$work/$name-$which.out" 2>&1)
      status=$?
      set -e
      end=$(date +%s.%N)
      times[$which]="${times[$which]:-} $(echo "$end - $start" | bc)"
      echo "$status" > "$work/$name-$which.status"
    done
  done
  o=$(echo "${times[old]}" | median)
  n=$(echo "${times[new]}" | median)
  count() { grep -cE ': (error|warning|info) SPL[0-9]+ ' "$1" || true; }
  printf '%-20s old: %4s findings, exit %s, %6.2f s   new: %4s findings, exit %s, %6.2f s   new/old %.2f\n' \
    "$name" "$(count "$work/$name-old.out")" "$(cat "$work/$name-old.status")" "$o" \
    "$(count "$work/$name-new.out")" "$(cat "$work/$name-new.status")" "$n" "$(echo "$n / $o" | bc -l)"
  unset times
done
