#!/usr/bin/env bash
# sanitize.sh - the runtime under AddressSanitizer (+UBSan) and ThreadSanitizer.
# SPDX-License-Identifier: Apache-2.0
#
# For each sanitizer, builds libloomrt and its GoogleTest unit tests again in
# $LOOM_BUILD_DIR-<kind> (CMake option LOOM_SANITIZE; no compiler, a few
# minutes) and runs:
# - the runtime unit tests (leaks count as failures under AddressSanitizer);
# - end-to-end programs compiled by the normal build's loomcc, run against
#   the sanitized runtime (kernels themselves are not instrumented; the
#   runtime that launches them is). AddressSanitizer runs the whole e2e lit
#   suite but Thrust, and tests/known-failing (bugs seen only there are
#   XFAIL tests with REQUIRES: sanitized-runtime) (lit's --param loom_runtime; the sanitizer runtime is
#   preloaded into every process, so leak checks are off there).
#   ThreadSanitizer cannot be preloaded into uninstrumented tools (bash,
#   clang), so it runs the self-checking programs of tests/e2e that build
#   with a plain `%loomcc %s -o %t`, each directly (they exit nonzero on a
#   wrong result).
# Any sanitizer report fails the run.
#
# Usage: bash scripts/sanitize.sh [address|thread]...   (default: both)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${LOOM_BUILD_DIR:-$ROOT/build}"
LIT="${LOOM_LIT:-/usr/lib/llvm-22/bin/lit}"
KINDS=("$@")
[ "${#KINDS[@]}" -gt 0 ] || KINDS=(address thread)
[ -x "$BUILD/bin/loomcc" ] || { echo "sanitize: build Loom first (scripts/setup.sh)"; exit 1; }

export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

for KIND in "${KINDS[@]}"; do
  SB="$BUILD-$KIND"
  echo "sanitize: $KIND: building the runtime and its unit tests in $SB"
  if [ ! -f "$SB/build.ninja" ]; then
    cmake -S "$ROOT" -B "$SB" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DLOOM_BUILD_COMPILER=OFF -DLOOM_SANITIZE="$KIND" > /dev/null
  fi
  cmake --build "$SB" --target loom-unit-tests loomrt
  case "$KIND" in
  address)
    echo "sanitize: address: unit tests"
    ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0" "$SB/bin/loom-unit-tests" --gtest_brief=1
    echo "sanitize: address: end-to-end programs"
    SUITES=("$ROOT/tests/e2e")
    # tests/known-failing holds no test while no bug is known (its README).
    if [ -n "$(find "$ROOT/tests/known-failing" -name '*.cu' -o -name '*.test' -o -name '*.ll')" ]; then
      SUITES+=("$ROOT/tests/known-failing")
    fi
    LD_PRELOAD="$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS="detect_leaks=0" \
      "$LIT" -q --param site="$BUILD/tests" --param loom_runtime="$SB/lib" \
      --filter-out 'thrust/' "${SUITES[@]}"
    ;;
  thread)
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
    echo "sanitize: thread: unit tests"
    "$SB/bin/loom-unit-tests" --gtest_brief=1
    echo "sanitize: thread: end-to-end programs"
    TSAN_LIB="$(gcc -print-file-name=libtsan.so)"
    WORK="$(mktemp -d)"
    trap 'rm -rf "$WORK"' EXIT
    FAILED=0
    COUNT=0
    for SRC in "$ROOT"/tests/e2e/*.cu "$ROOT"/tests/e2e/*/*.cu; do
      grep -qx '// RUN: %loomcc %s -o %t' "$SRC" || continue
      grep -q 'UNSUPPORTED\|XFAIL\|REQUIRES' "$SRC" && continue
      EXE="$WORK/$(basename "$SRC" .cu)"
      "$BUILD/bin/loomcc" "$SRC" -o "$EXE"
      COUNT=$((COUNT + 1))
      # A report exits with TSan's status 66; a wrong result with 1.
      if ! LD_LIBRARY_PATH="$SB/lib" LD_PRELOAD="$TSAN_LIB" "$EXE" > "$EXE.out" 2>&1; then
        echo "sanitize: thread: FAILED: ${SRC#$ROOT/}"
        tail -40 "$EXE.out"
        FAILED=1
      fi
    done
    echo "sanitize: thread: $COUNT programs run"
    [ "$FAILED" = 0 ]
    ;;
  *)
    echo "sanitize: unknown sanitizer '$KIND' (address or thread)"
    exit 1
    ;;
  esac
done
echo "sanitize: all passed"
