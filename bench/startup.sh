#!/usr/bin/env bash
# Startup of the distribution (issue 15): the tarball's own runtime and launcher against
# `java -version` on that runtime, measured side by side (interleaved), medians of N runs.
# Usage: bench/startup.sh [RUNS]   (builds the tarball with Maven if it is missing)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${1:-15}"
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)"
tarball="dist/target/jreleaser/assemble/spl/archive/spl-$version-linux-x86_64.tar.gz"
[ -f "$tarball" ] || mvn -B -q -pl dist -am package -DskipTests -Dspotless.check.skip=true
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar xzf "$tarball" -C "$work"
dist="$work/spl-$version-linux-x86_64"
small=examples/SPL010-permanent-needs-absolute-timeout/good.yaml
service=examples/SPL150-client-ip-behind-snat/good.yaml
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData)
read -r -a extra < "$dist/lib/jvm.options" || true

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() { local s e; s=$(date +%s%N); "$@" > /dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
first_run() { # a fresh unpack each time: the first run a user sees
  rm -rf "$work/fresh" && mkdir "$work/fresh" && tar xzf "$tarball" -C "$work/fresh"
  time_ms "$work/fresh/spl-$version-linux-x86_64/bin/spl" lint "$small"
}

declare -A t
./spl lint "$small" > /dev/null 2>&1 || true # ./spl makes its archive once
for _ in $(seq "$runs"); do
  t[jv]+="$(time_ms "$dist/runtime/bin/java" -version) "
  t[sysjv]+="$(time_ms java -version) "
  t[ver]+="$(time_ms "$dist/bin/spl" --version) "
  t[first]+="$(first_run) "
  t[lint]+="$(time_ms "$dist/bin/spl" lint "$small") "
  t[svc]+="$(time_ms "$dist/bin/spl" lint "$service") "
  t[nocds]+="$(time_ms "$dist/runtime/bin/java" "${flags[@]}" "${extra[@]}" -jar "$dist/lib/spl.jar" lint "$small") "
  t[repo]+="$(time_ms ./spl lint "$small") "
done
m() { echo "${t[$1]}" | tr ' ' '\n' | grep . | median; }
jv=$(m jv)
echo "$(nproc) cores; runtime: $("$dist/runtime/bin/java" -version 2>&1 | sed -n 1p); medians of $runs"
row() { printf "%-62s %5s ms  %5.1fx\n" "$1" "$2" "$(awk -v a="$2" -v b="$jv" 'BEGIN{print a/b}')"; }
row "java -version (the tarball's runtime)" "$jv"
row "java -version (this machine's JDK)" "$(m sysjv)"
row "bin/spl --version (JVM, launcher, picocli; no engine)" "$(m ver)"
row "bin/spl lint small.yaml, first run after unpacking" "$(m first)"
row "bin/spl lint small.yaml, later runs" "$(m lint)"
row "bin/spl lint on a Service only (no CEL rule compiled)" "$(m svc)"
row "same lint on the tarball's runtime without the CDS archive" "$(m nocds)"
row "./spl lint small.yaml (machine's JDK, archive made at first use)" "$(m repo)"
