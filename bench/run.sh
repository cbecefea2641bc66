#!/usr/bin/env bash
# Runs the Loom vs OpenMP benchmark suite (see bench/README.md).
#   BENCH_REPS=n        repetitions per program (default 5)
#   BENCH_ONLY=a,b      run only these benchmarks
#   LOOMCC=path         loomcc to use (default build/bin/loomcc)
#   BENCH_BUILD_DIR=d   where binaries go (default bench/build)
set -euo pipefail
exec python3 "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/run.py" "$@"
