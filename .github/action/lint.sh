#!/usr/bin/env bash
# The action's lint step: one run writes the annotations (stdout), the SARIF file and the job
# summary. Exit 1: findings at or above fail-on (never: none fail); 2: bad input or usage.
set -uo pipefail
summary="$RUNNER_TEMP/spl-summary.md"
args=(lint --fail-on "$SPL_FAIL_ON" --format github --format "sarif=$SPL_SARIF"
      --format "markdown=$summary")
[ -n "$SPL_CONFIG" ] && args+=(--config "$SPL_CONFIG")
read -r -d '' -a paths <<< "$SPL_PATHS" || true
spl "${args[@]}" "${paths[@]}"
status=$?
if [ -f "$summary" ]; then
  cat "$summary" >> "$GITHUB_STEP_SUMMARY"
  errors="$(sed -n 's/^\([0-9]*\) errors\{0,1\}, .*/\1/p' "$summary" | head -1)"
  echo "errors=${errors:-0}" >> "$GITHUB_OUTPUT"
fi
echo "sarif-file=$SPL_SARIF" >> "$GITHUB_OUTPUT"
exit "$status"
