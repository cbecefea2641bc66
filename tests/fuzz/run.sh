#!/usr/bin/env bash
# run.sh - differential fuzzing of Loom's kernel compiler and runtime (issue #16, point 8).
# SPDX-License-Identifier: Apache-2.0
#
#   tests/fuzz/run.sh N [first-seed]
#
# Generates N random kernels (gen.py, LOOM_FUZZ_BATCH kernels per .cu file,
# default 100, so each compile is amortised over many kernels), compiles
# each file in one of three code-generation modes in turn (default: the
# whole-function vectorizer at the host's width; --loom-disable=vectorize:
# scalar; --loom-vector-width=4), and runs each program in four runtime
# modes (the worker pool; LOOM_SCHEDULER=serial; LOOM_JIT=sync, kernels
# specialized for their block size; LOOM_NUM_THREADS=1). Each program
# compares every kernel with its sequential C++ reference. A mismatching kernel is cut out of its batch
# (gen.py --only K: the same kernel alone) and kept under the work
# directory with the command that reproduces it. Prints a summary; exits 1
# if anything mismatched or crashed.
#
# Compiling takes most of the time (about a second per kernel in the
# vectorized modes on the 2-core test machine, almost all of it LLVM's O3
# and x86 code generation of the warp-wide gangs, linear in the number of
# kernels: docs/reliability.md), so LOOM_FUZZ_JOBS files (default: the
# number of CPUs) are compiled at once, then run in turn.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
LOOMCC="${LOOMCC:-${LOOM_BUILD_DIR:-$ROOT/build}/bin/loomcc}"
N="${1:?usage: run.sh N [first-seed]}"
SEED="${2:-1000}"
BATCH="${LOOM_FUZZ_BATCH:-100}"
JOBS="${LOOM_FUZZ_JOBS:-$(nproc)}"
WORK="${LOOM_FUZZ_DIR:-$(mktemp -d -t loom-fuzz.XXXXXX)}"
mkdir -p "$WORK"
MODES=("" "--loom-disable=vectorize" "--loom-vector-width=4")
RUNS=("" "LOOM_SCHEDULER=serial" "LOOM_JIT=sync" "LOOM_NUM_THREADS=1")
kernels=0 files=0 bad=0 crashes=0 runs=0
file=0
# Generates and compiles file F (kernels F*BATCH on); its status goes to .rc.
compile() {
  local f=$1 s=$(( SEED + $1 )) k=$(( N - $1 * BATCH < BATCH ? N - $1 * BATCH : BATCH ))
  local m="${MODES[$(( f % ${#MODES[@]} ))]}"
  python3 "$HERE/gen.py" --seed "$s" --kernels "$k" -o "$WORK/fuzz-$s.cu"
  "$LOOMCC" -w $m "$WORK/fuzz-$s.cu" -o "$WORK/fuzz-$s" 2> "$WORK/fuzz-$s.compile.txt"
  echo $? > "$WORK/fuzz-$s.rc"
}
while [ "$kernels" -lt "$N" ]; do
  if [ $(( file % JOBS )) -eq 0 ]; then
    for (( f = file; f < file + JOBS && f * BATCH < N; f++ )); do compile "$f" & done
    wait
  fi
  n=$(( N - kernels < BATCH ? N - kernels : BATCH ))
  seed=$(( SEED + file ))
  mode="${MODES[$(( file % ${#MODES[@]} ))]}"
  src="$WORK/fuzz-$seed.cu"
  if [ "$(cat "$WORK/fuzz-$seed.rc")" != 0 ]; then
    echo "seed $seed: compile failed ($mode): $WORK/fuzz-$seed.compile.txt"
    crashes=$(( crashes + 1 ))
  else
    for env in "${RUNS[@]}"; do
      runs=$(( runs + 1 ))
      out="$WORK/fuzz-$seed.run.txt"
      env $env timeout 300 "$WORK/fuzz-$seed" > "$out" 2>&1
      rc=$?
      if [ $rc -ne 0 ]; then
        if [ $rc -ne 1 ]; then
          echo "seed $seed ($mode ${env:-pool}): exit $rc"; tail -3 "$out"
          crashes=$(( crashes + 1 ))
        fi
        grep MISMATCH "$out" | while read -r _ name _; do
          k="${name%:}"; k="${k#fuzz}"
          one="$WORK/min-$seed-$k.cu"
          python3 "$HERE/gen.py" --seed "$seed" --kernels "$n" --only "$k" -o "$one"
          echo "seed $seed kernel $k ($mode ${env:-pool}) mismatches; alone: $one"
          echo "  reproduce: $LOOMCC $mode $one -o x && env $env ./x"
        done
        bad=$(( bad + $(grep -c MISMATCH "$out") ))
      fi
    done
  fi
  kernels=$(( kernels + n ))
  files=$(( files + 1 ))
  file=$(( file + 1 ))
  echo "$kernels kernels, $files files, $runs program runs: $bad mismatches, $crashes failures"
done
echo "fuzz: $kernels kernels (seeds $SEED..$(( SEED + files - 1 )), $BATCH per file), each in ${#RUNS[@]} runtime modes, 3 compile modes in turn: $bad mismatches, $crashes crashes/failures (work: $WORK)"
[ "$bad" -eq 0 ] && [ "$crashes" -eq 0 ]
