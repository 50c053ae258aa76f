#!/usr/bin/env bash
# Issue 31 side by side: the realistic mix's route review on two builds, measured alternately in
# fresh JVMs (these machines are noisy). OLD is a checkout of the other build with this ScaleBench
# copied in and `mvn -o test-compile -pl webhook -am` run there.
# Usage: bench/webhook/scale-compare.sh OLD_CHECKOUT [ROUNDS] [MIX...]
#   (default 3 rounds of mix-v1.6:100 mix-v1.6:20000 mix-main:100 mix-main:20000 one-hostname)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
old="$(cd "$1" && pwd)"
rounds="${2:-3}"
shift $(( $# >= 2 ? 2 : 1 ))
mixes=("$@")
[ ${#mixes[@]} -gt 0 ] || mixes=(mix-v1.6:100 mix-v1.6:20000 mix-main:100 mix-main:20000 one-hostname)
cd "$root"
mvn -B -q -pl webhook -am test-compile -Dspotless.check.skip=true
mvn -B -q -pl webhook dependency:build-classpath -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
deps="$(tr ':' '\n' < webhook/target/test.classpath | grep -v '/dev/spl/spl-rules/' | paste -sd:)"
new_cp="webhook/target/test-classes:webhook/target/classes:rules/target/classes:$deps"
old_cp="$old/webhook/target/test-classes:$old/webhook/target/classes:$old/rules/target/classes:$deps"
echo "| mix | old: route review median / p99 (and the joining route's warning) per round | new: the same |"
echo "|---|---|---|"
review() { # $1 classpath, $2 mix: the row's route review cell
  java -Xmx192m -Djdk.attach.allowAttachSelf=true -Djol.magicFieldOffset=true -XX:+UseSerialGC -cp "$1" dev.spl.webhook.ScaleBench "$2" 2>/dev/null \
    | grep '^|' | awk -F'|' '{gsub(/^ +| +$/, "", $3); gsub(/^ +| +$/, "", $6); print $3 ($6 == "-" ? "" : " " $6)}' || echo failed
}
for mix in "${mixes[@]}"; do
  olds=""
  news=""
  for _ in $(seq "$rounds"); do # alternately, old first
    olds="$olds $(review "$old_cp" "$mix");"
    news="$news $(review "$new_cp" "$mix");"
  done
  echo "| $mix |$olds |$news |"
done
