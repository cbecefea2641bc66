#!/usr/bin/env bash
# bench/libraries.sh - Loom's CUDA libraries against the CPU libraries they
# are built on (issue #17): cuBLAS sgemm/dgemm vs OpenBLAS called directly,
# cuFFT vs FFTW with the same planner flags (FFTW_ESTIMATE, then
# FFTW_MEASURE; FFTW with as many threads as libcufft uses: one per CPU,
# and once more both single-threaded). Each pair runs alternately (Loom, baseline, Loom, ...),
# BENCH_REPS times (default 5); prints medians and Loom/baseline ratios
# (1.00 = no overhead), and FFTW's planning times per flag.
#   LOOMCC=path   loomcc (default build/bin/loomcc)
#   CXX=path      host compiler for the baselines (default clang++-22)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
loomcc="${LOOMCC:-$root/build/bin/loomcc}"
cxx="${CXX:-clang++-22}"
reps="${BENCH_REPS:-5}"
out="$root/bench/build/libraries"
mkdir -p "$out"
src="$here/libraries"
"$loomcc" -O3 "$src/gemm_cublas.cu" -o "$out/gemm_cublas" -lcublas
"$loomcc" -O3 "$src/fft_cufft.cu" -o "$out/fft_cufft" -lcufft
"$cxx" -O3 -std=c++17 "$src/gemm_openblas.cpp" -o "$out/gemm_openblas" -I/usr/include/x86_64-linux-gnu -lopenblas
"$cxx" -O3 -std=c++17 "$src/fft_fftw.cpp" -o "$out/fft_fftw" -lfftw3_threads -lfftw3f_threads -lfftw3 -lfftw3f
cpus=$(nproc)

results="$out/results.txt"
: > "$results"
for i in $(seq "$reps"); do
  "$out/gemm_cublas" | sed 's/^/loom blas /' >> "$results"
  "$out/gemm_openblas" | sed 's/^/base blas /' >> "$results"
  for planner in estimate measure; do
    LOOM_CUFFT_PLANNER=$planner "$out/fft_cufft" | sed "s/^/loom fft-$planner /" >> "$results"
    FFTW_THREADS=$cpus FFTW_PLANNER=$planner "$out/fft_fftw" | sed "s/^/base fft-$planner /" >> "$results"
  done
  LOOM_CUFFT_THREADS=1 "$out/fft_cufft" | sed "s/^/loom fft-1thread /" >> "$results"
  "$out/fft_fftw" | sed "s/^/base fft-1thread /" >> "$results"
done

python3 - "$results" <<'PY'
import statistics, sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, group, name, ms = line.split()
    runs[(group, name, who)].append(float(ms))
print(f"{'benchmark':34} {'Loom ms':>10} {'base ms':>10} {'Loom/base':>10}")
for (group, name, who) in sorted(runs):
    if who != "loom":
        continue
    loom = statistics.median(runs[(group, name, "loom")])
    base = statistics.median(runs[(group, name, "base")])
    print(f"{group + ' ' + name:34} {loom:10.3f} {base:10.3f} {loom / base:10.3f}")
print("\nFFTW planning (ms, median):")
for (group, name, who) in sorted(runs):
    if name.startswith("plan_"):
        print(f"  {group + ' ' + name:40} {statistics.median(runs[(group, name, who)]):10.3f}")
PY
