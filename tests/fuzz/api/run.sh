#!/usr/bin/env bash
# run.sh - fuzzes Loom's CUDA runtime API with libFuzzer (issue #16; ApiFuzz.cpp).
# SPDX-License-Identifier: Apache-2.0
#
#   tests/fuzz/api/run.sh SECONDS     a campaign of that many seconds (random seed)
#   tests/fuzz/api/run.sh --runs N    N inputs, seed 1 (what ctest runs)
#
# Starts from the seed corpus next to this script; new inputs go to
# $LOOM_API_FUZZ_CORPUS (default: a temporary folder, removed at the end),
# crashes and violations to $LOOM_API_FUZZ_ARTIFACTS (default: the current
# folder), each with the input that reproduces it:
#   build/fuzz-api/loom-api-fuzz crash-<hash>
# The fuzzer is $LOOM_API_FUZZER (default build/fuzz-api/loom-api-fuzz);
# $LOOM_API_FUZZ_FLAGS adds libFuzzer flags (e.g. "-fork=1 -ignore_crashes=1"
# to keep going after a finding).
# Exits nonzero on any crash, sanitizer report or oracle violation.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
FUZZER="${LOOM_API_FUZZER:-${LOOM_BUILD_DIR:-$ROOT/build}/fuzz-api/loom-api-fuzz}"
[ -x "$FUZZER" ] || { echo "api fuzz: $FUZZER not built (cmake option LOOM_API_FUZZ, clang's libFuzzer)"; exit 1; }
if [ "${1:-}" = "--runs" ]; then
  LIMIT=(-runs="${2:?usage: run.sh --runs N}" -seed=1)
else
  LIMIT=(-max_total_time="${1:?usage: run.sh SECONDS | --runs N}")
fi
CORPUS="${LOOM_API_FUZZ_CORPUS:-}"
if [ -z "$CORPUS" ]; then
  CORPUS="$(mktemp -d -t loom-api-fuzz.XXXXXX)"
  trap 'rm -rf "$CORPUS"' EXIT
fi
mkdir -p "$CORPUS"
ARTIFACTS="${LOOM_API_FUZZ_ARTIFACTS:-$PWD}"
# Kernels run inline on the calling thread when small; one worker keeps a
# run reproducible.
export LOOM_NUM_THREADS="${LOOM_NUM_THREADS:-2}"
exec "$FUZZER" "${LIMIT[@]}" -max_len=1024 -timeout=20 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$ARTIFACTS/" ${LOOM_API_FUZZ_FLAGS:-} "$CORPUS" "$HERE/corpus"
