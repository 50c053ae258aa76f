#!/usr/bin/env bash
# Times `mvn -B verify` of two commits side by side on this machine, alternating, and prints each
# run and the medians: ./bench/build-time.sh OLD_COMMIT NEW_COMMIT [ROUNDS]
# Each commit is cloned into a temporary directory with the local base image built, as .ci/run does.
set -euo pipefail
old=${1:?old commit}
new=${2:?new commit}
rounds=${3:-2}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
for which in old new; do
  commit=${!which}
  git clone -q "$repo" "$work/$which"
  git -C "$work/$which" checkout -q "$commit"
  (cd "$work/$which" && bash images/local-base.sh > "$work/$which-base.log" 2>&1)
done
declare -A times
for round in $(seq 1 "$rounds"); do
  for which in old new; do
    start=$(date +%s.%N)
    if ! (cd "$work/$which" && mvn -B -q verify > "$work/$which-$round.log" 2>&1); then
      echo "$which ($(git -C "$work/$which" rev-parse --short HEAD)) failed: $work/$which-$round.log"
      exit 1
    fi
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    times[$which]="${times[$which]:-} $seconds"
    echo "round $round $which $seconds s"
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m_old=$(echo "${times[old]}" | median)
m_new=$(echo "${times[new]}" | median)
echo "median old $m_old s, new $m_new s, new/old $(echo "scale=3; $m_new / $m_old" | bc)"
