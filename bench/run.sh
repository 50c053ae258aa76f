#!/usr/bin/env bash
# Runs spl's benchmarks and prints a table.
# Usage: bench/run.sh [--big] [DOCS] [ROUNDS]
#   --big  also lints a 1 GB generated directory under a 512 MiB heap (needs 1.1 GB of disk, ~3 min)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
big=false
if [ "${1:-}" = "--big" ]; then big=true; shift; fi
docs="${1:-20000}"
rounds="${2:-7}"
jar=cli/target/spl.jar
out=bench/out
[ -f "$jar" ] || mvn -B -q -pl cli -am package -DskipTests
rm -rf "$out" && mkdir -p "$out"

echo "== machine"
echo "$(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(java -version 2>&1 | sed -n 1p)"

echo "== corpus"
java -cp "$jar" bench/Bench.java generate "$out/rendered" "$docs"
java -cp "$jar" bench/Bench.java generate "$out/compact" "$docs" compact

for style in rendered compact; do
  echo "== throughput, $style corpus (one JVM, lint and parse-only alternating, medians)"
  java -Xmx512m -cp "$jar" bench/Bench.java measure "$out/$style" "$rounds"
done

echo "== peak memory of one 'java -jar spl.jar lint' over the rendered corpus (default heap, then 256 MiB)"
/usr/bin/time -f "peak RSS %M KiB, wall %e s" java -jar "$jar" lint --format json "$out/rendered" > "$out/lint.json" || true
/usr/bin/time -f "peak RSS %M KiB, wall %e s" java -Xmx256m -jar "$jar" lint --format json "$out/rendered" > "$out/lint.json" || true
tail -c 200 "$out/lint.json"; echo

echo "== peak memory through the launchers: 20,000 documents, then one file (their own flags)"
small=examples/SPL131-cookie-path-not-absolute/bad.yaml
tarball=$(find dist/target/jreleaser/assemble/spl/archive -name 'spl-*-linux-x86_64.tar.gz' 2>/dev/null | head -1 || true)
launchers=("./spl")
if [ -n "$tarball" ]; then
  mkdir -p "$out/tarball" && tar -xzf "$tarball" -C "$out/tarball"
  launchers+=("$(find "$out/tarball" -maxdepth 1 -name 'spl-*' -type d | head -1)/bin/spl")
fi
for launcher in "${launchers[@]}"; do
  /usr/bin/time -f "$launcher 20k: peak RSS %M KiB, wall %e s" "$launcher" lint --format json "$out/rendered" > /dev/null || true
  /usr/bin/time -f "$launcher one file: peak RSS %M KiB, wall %e s" "$launcher" lint "$small" > /dev/null || true
done

if $big; then
  echo "== 1 GB of rendered manifests under a 512 MiB heap"
  java -cp "$jar" bench/Bench.java generate "$out/big" 760000
  echo "on disk: $(du -sh --apparent-size "$out/big" | cut -f1)"
  status=0
  /usr/bin/time -f "peak RSS %M KiB, wall %e s" java -Xmx512m -jar "$jar" lint --format json "$out/big" > "$out/big.json" || status=$?
  echo "exit status $status (1: findings reported; 4: out of memory)"
  tail -c 120 "$out/big.json"; echo
  rm -rf "$out/big"
fi

echo "== startup: one small file, medians of 15 runs"
small=examples/SPL010-permanent-needs-absolute-timeout/good.yaml
./spl lint "$small" > /dev/null   # makes the class-data-sharing archive
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() { local s e; s=$(date +%s%N); "$@" > /dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
hello="$out/hello"
mkdir -p "$hello"
javac -d "$hello" -cp "$jar" bench/startup/HelloPicocli.java
declare -A results
for _ in $(seq 15); do
  results[hello]+="$(time_ms java -cp "$hello:$jar" HelloPicocli small) "
  results[jv]+="$(time_ms java -version) "
  results[spl]+="$(time_ms ./spl lint "$small") "
  results[jar]+="$(time_ms java -jar "$jar" lint "$small") "
  results[cel]+="$(time_ms ./spl lint examples/SPL150-client-ip-behind-snat/bad.yaml) "
done
jv=$(echo "${results[jv]}" | tr ' ' '\n' | grep . | median)
hello_ms=$(echo "${results[hello]}" | tr ' ' '\n' | grep . | median)
spl=$(echo "${results[spl]}" | tr ' ' '\n' | grep . | median)
jar_ms=$(echo "${results[jar]}" | tr ' ' '\n' | grep . | median)
nocel=$(echo "${results[cel]}" | tr ' ' '\n' | grep . | median)
printf "%-52s %6s ms\n" "java -version" "$jv"
printf "%-52s %6s ms  (ratio %.2f)\n" "picocli hello-world (same classpath)" "$hello_ms" "$(awk -v a="$hello_ms" -v b="$jv" 'BEGIN{print a/b}')"
printf "%-52s %6s ms  (ratio %.2f)\n" "./spl lint small.yaml (AppCDS, C1, SerialGC)" "$spl" "$(awk -v a="$spl" -v b="$jv" 'BEGIN{print a/b}')"
printf "%-52s %6s ms  (ratio %.2f)\n" "java -jar spl.jar lint small.yaml (no flags)" "$jar_ms" "$(awk -v a="$jar_ms" -v b="$jv" 'BEGIN{print a/b}')"
printf "%-52s %6s ms  (ratio %.2f)\n" "./spl lint on a Service only (no CEL needed)" "$nocel" "$(awk -v a="$nocel" -v b="$jv" 'BEGIN{print a/b}')"

echo "== webhook under load (30 s closed-loop, then 30 s at 500 requests/s)"
if command -v wrk >/dev/null && command -v openssl >/dev/null; then
  [ -f webhook/target/spl-webhook.jar ] || mvn -B -q -pl webhook -am package -DskipTests
  bench/webhook/load.sh 30 | grep -E "^(requests|latency|rate|rss)"
  bench/webhook/load.sh 30 500 | grep -E "^(requests|latency|rate|rss)"
else
  echo "skipped: wrk and openssl are needed (apt-get install wrk openssl)"
fi
