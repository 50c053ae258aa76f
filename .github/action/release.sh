#!/usr/bin/env bash
# The action's first step: which release and which file of it this runner needs.
set -euo pipefail
version="${SPL_INPUT_VERSION#v}"
if [ -z "$version" ]; then
  if [[ "${SPL_ACTION_REF:-}" =~ ^v?([0-9]+\.[0-9]+\.[0-9]+.*)$ ]]; then
    version="${BASH_REMATCH[1]}"
  else
    echo "::error title=spl::this action is used at '${SPL_ACTION_REF:-?}', not a release tag; set 'with: version: X.Y.Z'"
    exit 2
  fi
fi
if [ "$RUNNER_OS" = Linux ] && [ "$RUNNER_ARCH" = X64 ]; then
  asset="spl-$version-linux-x86_64.tar.gz" # its own Java runtime
  needs_java=false
else
  asset="spl-$version.jar"
  needs_java=true
fi
{
  echo "version=$version"
  echo "asset=$asset"
  echo "needs-java=$needs_java"
} >> "$GITHUB_OUTPUT"
