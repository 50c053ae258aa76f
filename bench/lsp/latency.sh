#!/usr/bin/env bash
# spl lsp in headless Neovim on a real repository (cli/src/test/resources/realrepos): time to the
# first diagnostics (the workspace read included) and edit -> diagnostics, as medians.
# Usage: bench/lsp/latency.sh [REPO] [ROUNDS]   (default gateway-api, 21)
# Needs nvim (apt-get install neovim) and cli/target/spl.jar (mvn -pl cli -am package -DskipTests).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
repo="${1:-gateway-api}"
rounds="${2:-21}"
jar="${SPL_BENCH_JAR:-$root/cli/target/spl.jar}"  # SPL_BENCH_JAR: another build, to compare
[ -f "$jar" ] || { echo "build the CLI first: mvn -B -pl cli -am package -DskipTests"; exit 2; }
command -v nvim >/dev/null || { echo "nvim is not installed (apt-get install neovim)"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$root/cli/src/test/resources/realrepos/$repo.tar.gz" -C "$work"
# the file edited: an HTTPRoute with a timeout; its line alternates between a valid and an
# invalid duration, so every edit changes the diagnostics
file=$(grep -rlE '^\s+request: [0-9]+s\s*$' --include=*.yaml "$work" | head -1)
[ -n "$file" ] || { echo "$repo has no HTTPRoute request timeout to edit"; exit 2; }
line=$(grep -nE '^\s+request: [0-9]+s\s*$' "$file" | head -1 | cut -d: -f1)
indent=$(sed -n "${line}p" "$file" | sed -E 's/^(\s*).*/\1/')
objects=$(grep -rh '^kind:' --include=*.yaml --include=*.yml "$work" | wc -l)
cd "$work"
nvim --headless -u NONE \
  -c "lua SPL_CMD = {'java', '-jar', '$jar', 'lsp'}; SPL_FILE = '$file'; SPL_LINE = $line; SPL_A = '${indent}request: 1d'; SPL_B = '${indent}request: 10s'; SPL_ROUNDS = $rounds; SPL_OUT = '$work/out.json'" \
  -c "luafile $root/bench/lsp/latency.lua"
python3 - "$work/out.json" "$repo" "$objects" <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[1]))
lat = r["latencies_ms"]
print(f"{sys.argv[2]}: ~{sys.argv[3]} objects (kind: lines); first diagnostics {r['first_ms']:.0f} ms after start;"
      f" edit -> diagnostics median {statistics.median(lat):.1f} ms, min {min(lat):.1f}, max {max(lat):.1f} ({len(lat)} edits)")
PY
