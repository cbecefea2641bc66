#!/usr/bin/env bash
# memcheck-suite.sh - runs the end-to-end suite (or the lit paths given)
# built with loomcc -memcheck (or other flags: LOOM_SUITE_FLAGS, e.g.
# "-racecheck"), and lists the programs whose memcheck/racecheck reported
# something. Too slow for CI (each access is a call): run it by hand.
# SPDX-License-Identifier: Apache-2.0
#   scripts/memcheck-suite.sh                 # all of tests/e2e
#   scripts/memcheck-suite.sh tests/e2e/cub   # a part
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${LOOM_BUILD_DIR:-$ROOT/build}"
FLAGS="${LOOM_SUITE_FLAGS:--memcheck}"
LOG="$(mktemp -t loom-memcheck.XXXXXX)"
OUT="$(mktemp -t loom-memcheck-lit.XXXXXX)"
EXEC="$(mktemp -d -t loom-memcheck-out.XXXXXX)" # never the build's test outputs
[ $# -gt 0 ] || set -- "$ROOT/tests/e2e"
/usr/lib/llvm-22/bin/lit -sv --param site="$BUILD/tests" --param loomcc_flags="$FLAGS" \
  --param loom_check_log="$LOG" --param exec_root="$EXEC" "$@" > "$OUT" 2>&1
echo "lit with loomcc $FLAGS: $(grep -E '^ *(Passed|Failed|Unsupported|Expectedly Failed)' "$OUT" | tr -s ' ' | paste -sd, -)"
grep -E '^(FAIL|XPASS|UNRESOLVED):' "$OUT" | sed 's/^/  /'
# Programs with a report: one line per program and summary.
echo "programs that reported (log: $LOG):"
grep -E 'SUMMARY: [1-9]' "$LOG" | sort | uniq -c | sed 's/^/  /'
echo "programs that reported nothing: $(grep -E 'SUMMARY: 0 ' "$LOG" | cut -d: -f1 | sort -u | wc -l)"
