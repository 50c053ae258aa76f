#!/usr/bin/env bash
# Runs the command the Homebrew formula installs, as brew would write it: the formula's heredoc with
# the jar's path and the Java home filled in. Checks that it lints, that its output stays clean of
# JVM log lines (JSON stays JSON), and that the first run leaves a class-data archive for the next.
# Usage: dist/src/test/brew-wrapper.sh FORMULA JAR
set -euo pipefail
formula=${1:?formula}
jar=${2:?jar}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
libexec="$work/libexec"
mkdir -p "$libexec"
cp "$jar" "$libexec/$(basename "$(sed -n 's/.*libexec.install "\(.*\)".*/\1/p' "$formula")")"
java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
# the heredoc between <<~EOS and EOS, dedented; Ruby's \\ is one backslash
sed -n '/<<~EOS/,/^ *EOS$/p' "$formula" | sed '1d;$d' | sed 's/^        //' |
  sed 's/\\\\/\\/g' |
  sed "s|#{libexec}|$libexec|g" |
  sed "s|^export JAVA_HOME=.*|export JAVA_HOME=\"$java_home\"|" > "$work/spl"
chmod +x "$work/spl"
# a Service and a route whose session persistence loads the CEL runtime
cat > "$work/s.yaml" <<'YAML'
apiVersion: v1
kind: Service
metadata: {name: a}
spec: {sessionAffinity: ClientIP}
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: r}
spec:
  rules:
  - backendRefs: [{name: a}]
    sessionPersistence: {sessionName: s, absoluteTimeout: 1d}
YAML
export XDG_CACHE_HOME="$work/cache"
# the first run (text, as most people run it) makes the archive, the second (JSON) uses it; neither
# may show a JVM log line such as "[0.9s][warning][cds] Skipping ..."
for run in first second; do
  format=$([ "$run" = first ] && echo text || echo json)
  status=0
  "$work/spl" lint --format "$format" "$work/s.yaml" > "$work/$run.out" 2> "$work/$run.err" ||
    status=$?
  [ "$status" -le 1 ] || { echo "brew wrapper: $run run exited $status"; cat "$work/$run.err"; exit 1; }
  if grep -E '^\[[0-9.]+s\]\[|^WARNING: ' "$work/$run.out" "$work/$run.err"; then
    echo "brew wrapper: the $run run printed JVM log lines or warnings"
    exit 1
  fi
done
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/second.out" ||
  { echo "brew wrapper: no clean JSON"; cat "$work/second.out"; exit 1; }
if "$java_home/bin/java" -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile="$work/probe.jsa" -version \
  > /dev/null 2>&1; then
  ls "$XDG_CACHE_HOME"/spl/spl-*.jsa > /dev/null ||
    { echo "brew wrapper: no class-data archive after the first run"; exit 1; }
  echo "brew wrapper: lints, prints clean JSON, and keeps a class-data archive in \$XDG_CACHE_HOME/spl"
else
  echo "brew wrapper: lints and prints clean JSON (this Java has no AutoCreateSharedArchive)"
fi
