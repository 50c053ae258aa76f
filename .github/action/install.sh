#!/usr/bin/env bash
# The action's install step: the release file, downloaded once per runner image (actions/cache keeps
# the folder), checked against the release's SHA-256 list, put on the PATH.
# SPL_RELEASES_URL points at a mirror (GitHub Enterprise Server, an artifact proxy).
set -euo pipefail
home="$RUNNER_TOOL_CACHE/spl/$SPL_VERSION"
base="${SPL_RELEASES_URL:-https://github.com/spl-dev/spl/releases/download}/v$SPL_VERSION"
if [ ! -e "$home/bin/spl" ]; then
  mkdir -p "$home/bin"
  tmp="$(mktemp -d)"
  curl -fsSL --retry 3 -o "$tmp/$SPL_ASSET" "$base/$SPL_ASSET"
  curl -fsSL --retry 3 -o "$tmp/checksums_sha256.txt" "$base/checksums_sha256.txt"
  if ! (cd "$tmp" && grep " $SPL_ASSET\$" checksums_sha256.txt | sha256sum --quiet -c -); then
    echo "::error title=spl::$SPL_ASSET does not match the release's checksum; not installed"
    exit 2
  fi
  case "$SPL_ASSET" in
    *.tar.gz)
      tar xzf "$tmp/$SPL_ASSET" -C "$home" --strip-components=1 ;;
    *.jar)
      mv "$tmp/$SPL_ASSET" "$home/spl.jar"
      printf '#!/bin/sh\nexec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "%s/spl.jar" "$@"\n' "$home" \
        > "$home/bin/spl"
      chmod +x "$home/bin/spl" ;;
  esac
  rm -rf "$tmp"
fi
echo "$home/bin" >> "$GITHUB_PATH"
"$home/bin/spl" --version
