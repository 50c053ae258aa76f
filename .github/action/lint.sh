#!/usr/bin/env bash
# The action's lint step: one run writes the annotations (stdout), the SARIF file and the job
# summary. Exit 1: findings at or above fail-on (never: none fail); 2: bad input or usage.
set -uo pipefail
summary="$RUNNER_TEMP/spl-summary.md"
report="$RUNNER_TEMP/spl-report.json"
args=(lint --fail-on "$SPL_FAIL_ON" --format github --format "sarif=$SPL_SARIF"
      --format "markdown=$summary" --format "json=$report")
[ -n "$SPL_CONFIG" ] && args+=(--config "$SPL_CONFIG")
# More flags, as the user wrote them (the args input), before the paths.
read -r -d '' -a extra <<< "${SPL_ARGS:-}" || true
args+=("${extra[@]}")
read -r -d '' -a paths <<< "$SPL_PATHS" || true
spl "${args[@]}" "${paths[@]}"
status=$?
[ -f "$summary" ] && cat "$summary" >> "$GITHUB_STEP_SUMMARY"
if [ -f "$report" ]; then
  # the JSON report's summary.errors: a contract (docs/contracts.md), not the summary's wording
  errors="$(grep -o '"errors":[0-9]*' "$report" | tail -1 | cut -d: -f2)"
  echo "errors=${errors:-0}" >> "$GITHUB_OUTPUT"
fi
echo "sarif-file=$SPL_SARIF" >> "$GITHUB_OUTPUT"
exit "$status"
