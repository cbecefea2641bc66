#!/usr/bin/env bash
# bench/opencl.sh - Loom's OpenCL platform against PoCL (Debian's
# pocl-opencl-icd) on the same OpenCL C kernels (bench/opencl/clbench.c:
# saxpy, a local-memory reduction, a tiled matmul, exp*sin, a 2D stencil).
# Both platforms are loaded through one vendors folder; the runs
# alternate (Loom, Loom-JIT, Loom-Spec, PoCL, Loom, ...), BENCH_REPS times (default 5); prints
# medians and PoCL/Loom ratios (above 1: Loom is faster) and their geomean.
# The baseline run ("Loom") has every enqueue-time specialization off
# (LOOM_CL_SPECIALIZE=none: the old work-group size for a NULL local size).
# Further runs per repetition, each a column X/Loom (below 1: it pays):
#   JIT      launch-time specialization (LOOM_JIT=sync: each kernel compiled
#            again for its work-group size, in clbench's warm-up launches);
#   noalias  LOOM_CL_SPECIALIZE=noalias (distinct buffers: the noalias variant);
#   uniform  LOOM_CL_SPECIALIZE=uniform (scalars the same in 3 launches folded;
#            clbench's three warm-up launches build the variant);
#   wgsize   LOOM_CL_SPECIALIZE=wgsize (the default: the work-group size chosen
#            for the kernel; matters only for the -auto rows, NULL local size);
#   coarsen  LOOM_CL_SPECIALIZE=coarsen (thread coarsening where loom-clc found
#            work repeated along y: the rowinv kernel);
#   layout   LOOM_CL_SPECIALIZE=layout (the data-layout transformation: the
#            particles kernels' array of structures kept as arrays);
#   all      LOOM_CL_SPECIALIZE=all.
#   BUILD=dir   Loom's build folder (default build)
# Needs pocl-opencl-icd (apt-get install pocl-opencl-icd): not a test.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
build="${BUILD:-$root/build}"
reps="${BENCH_REPS:-5}"
out="$root/bench/build/opencl"
mkdir -p "$out/vendors"
if [ ! -f /etc/OpenCL/vendors/pocl.icd ]; then
  echo "opencl.sh: PoCL is not installed (apt-get install pocl-opencl-icd)" >&2
  exit 1
fi
cp /etc/OpenCL/vendors/pocl.icd "$build/etc/OpenCL/vendors/loom.icd" "$out/vendors/"
cc -O2 "$here/opencl/clbench.c" -o "$out/clbench" -lOpenCL -lm
export OCL_ICD_VENDORS="$out/vendors"
# Builds are not cached: each run compiles, as PoCL's cache is also off.
export LOOM_CACHE_DIR=none POCL_KERNEL_CACHE=0
results="$out/results.txt"
: > "$results"
for i in $(seq "$reps"); do
  LOOM_CL_SPECIALIZE=none "$out/clbench" Loom | sed 's/^/loom /' >> "$results"
  LOOM_CL_SPECIALIZE=none LOOM_JIT=sync "$out/clbench" Loom | sed 's/^/jit /' >> "$results"
  for s in noalias uniform wgsize coarsen layout all; do
    LOOM_CL_SPECIALIZE=$s "$out/clbench" Loom | sed "s/^/$s /" >> "$results"
  done
  "$out/clbench" Portable | sed 's/^/pocl /' >> "$results"
done
python3 - "$results" <<'PY'
import collections, math, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, name, ms = line.split()
    runs[(name, who)].append(float(ms))
names = list(dict.fromkeys(n for n, _ in runs))
cols = ['jit', 'noalias', 'uniform', 'wgsize', 'coarsen', 'layout', 'all']
print(f"{'kernel':13} {'Loom ms':>9} {'PoCL ms':>9} {'PoCL/Loom':>9}" +
      ''.join(f" {c + '/Loom':>12}" for c in cols))
ratios = collections.defaultdict(list)
for n in names:
    l, p = statistics.median(runs[(n, 'loom')]), statistics.median(runs[(n, 'pocl')])
    ratios['pocl'].append(p / l)
    row = f"{n:13} {l:9.1f} {p:9.1f} {p / l:9.2f}"
    for c in cols:
        r = statistics.median(runs[(n, c)]) / l
        ratios[c].append(r)
        row += f" {r:12.2f}"
    print(row)
geo = lambda r: math.exp(sum(map(math.log, r)) / len(r))
print(f"geomean PoCL/Loom {geo(ratios['pocl']):.2f}; " +
      ', '.join(f"{c}/Loom {geo(ratios[c]):.2f}" for c in cols) +
      f" (medians of {len(runs[(names[0], 'loom')])})")
PY
