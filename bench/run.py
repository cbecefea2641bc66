#!/usr/bin/env python3
"""Loom vs OpenMP benchmark suite: builds every benchmark, runs each Loom/OpenMP
pair alternately, prints a table and writes results/results.json and
results/chart.png. See bench/README.md. Not part of the test suite."""
import json, os, platform, re, shutil, statistics, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SRC = os.path.join(HERE, "src")
BUILD = os.environ.get("BENCH_BUILD_DIR", os.path.join(HERE, "build"))
RESULTS = os.path.join(HERE, "results")
LOOMCC = os.environ.get("LOOMCC", os.path.join(ROOT, "build", "bin", "loomcc"))
CXX = os.environ.get("CXX_OMP", "clang++-22")
REPS = int(os.environ.get("BENCH_REPS", "5"))
ONLY = [s for s in os.environ.get("BENCH_ONLY", "").split(",") if s]
ONLY_VARIANTS = [s for s in os.environ.get("BENCH_VARIANTS", "").split(",") if s]
TIMEOUT = 120
LOOM_FLAGS = ["-O3", "-I" + os.path.join(HERE, "common"), "-I" + SRC]
OMP_FLAGS = ["-fopenmp", "-O3", "-march=native", "-fveclib=libmvec", "-fno-math-errno",
             "-Wno-pass-failed", "-I" + os.path.join(HERE, "common"), "-I" + SRC]

# name, CUDA source, OpenMP source, kind (bw: bandwidth bound, % of STREAM;
# compute: % of FMA peak; latency: time per launch/step, no limit)
BENCHES = [
    ("triad", "triad", "triad_omp", "bw"),
    ("saxpy", "saxpy", "saxpy_omp", "bw"),
    ("dot_shared", "dot_shared", "dot_omp", "bw"),
    ("dot_shuffle", "dot_shuffle", "dot_omp", "bw"),
    ("scan", "scan", "scan_omp", "bw"),
    ("stencil2d", "stencil2d", "stencil2d_omp", "bw"),
    ("stencil3d", "stencil3d", "stencil3d_omp", "bw"),
    ("matmul_naive", "matmul_naive", "matmul_naive_omp", "compute"),
    ("matmul_tiled", "matmul_tiled", "matmul_tiled_omp", "compute"),
    ("transpose", "transpose", "transpose_omp", "bw"),
    ("histogram", "histogram", "histogram_omp", "bw"),
    ("compact", "compact", "compact_omp", "bw"),
    ("blackscholes", "blackscholes", "blackscholes_omp", "bw"),
    ("nbody", "nbody", "nbody_omp", "compute"),
    ("spmv", "spmv", "spmv_omp", "bw"),
    ("bfs", "bfs", "bfs_omp", "bw"),
    ("kmeans", "kmeans", "kmeans_omp", "compute"),
    ("tiny_launches", "tiny_launches", "tiny_launches_omp", "latency"),
    ("launch_sync", "launch_sync", "launch_omp", "latency"),
    ("launch_async", "launch_async", "launch_omp", "latency"),
    ("smem_stage", "smem_stage", "smem_stage_omp", "bw"),
    ("warp_collectives", "warp_collectives", "warp_collectives_omp", "bw"),
    ("warp_partial", "warp_partial", "warp_partial_omp", "bw"),
    ("warp_flat", "warp_flat", "warp_flat_omp", "bw"),
    ("expsin", "expsin", "expsin_omp", "bw"),
    # Kernel shapes of issue #11 (per-thread loops, barriers, warp shuffles):
    ("triad_gs", "triad_gs", "triad_gs_omp", "bw"),
    ("stencil2d_tiled", "stencil2d_tiled", "stencil2d_tiled_omp", "bw"),
    ("matmul_loop", "matmul_loop", "matmul_loop_omp", "compute"),
    ("softmax_warp", "softmax_warp", "softmax_warp_omp", "bw"),
    ("layernorm", "layernorm", "layernorm_omp", "bw"),
    # Worker scaling and the launch path for small work (issue #20): a
    # barrier-heavy stencil, and the tiny-launch and copy-plus-launch loops
    # against the same work done sequentially (no runtime, one thread).
    ("hotspot", "hotspot", "hotspot_omp", "bw"),
    ("tiny_launches_seq", "tiny_launches", "tiny_launches_seq", "latency"),
    ("myocyte_loop", "myocyte_loop", "myocyte_loop_seq", "latency"),
]
# Variants: a benchmark's CUDA program built again with extra loomcc flags
# (binary <src>.<label>), run alternately with the default build; a second table
# prints variant time / default time (medians), i.e. what the optimization the
# flags turn off buys. name -> [(label, [loomcc flags])] or
# [(label, [loomcc flags], {environment})]: a variant with no flags runs the
# default binary under the extra environment (ONE_THREAD: Loom limited to one
# executing thread, so variant/default is the speedup of all workers over one).
ONE_THREAD = ("1-thread", [], {"LOOM_NUM_THREADS": "1"})
NO_WFV = ("no-wfv", ["--loom-disable=wfv"])  # issue #11's before: LLVM's loop vectorizer only
# Launch-time specialization (docs/runtime.md): every kernel compiled again for
# its block size at its first launch (the untimed warm-up), no disk cache, so
# each repetition also reports the compile time.
JIT = ("jit", [], {"LOOM_JIT": "sync", "LOOM_CACHE_DIR": "none", "LOOM_JIT_STATS": "1"})
NO_STEPS = ("no-grid-stride", ["--loom-disable=grid-stride"])  # gangs walk grid-stride loops one by one
NO_UNROLL = ("no-barrier-unroll", ["--loom-disable=barrier-unroll"])  # level loops keep run-time strides
NO_UNIFORM = ("no-uniform-regions", ["--loom-disable=uniform-regions"])  # state tests + dispatcher in every region
NO_ATOMIC_AGG = ("no-atomic-agg", ["--loom-disable=atomic-agg"])  # one global atomic per lane, lane by lane
NO_BLOCK_ATOMICS = ("no-block-atomics", ["--loom-disable=block-atomics"])  # counters: one atomic per gang
NO_HUGE = ("no-huge-pages", [], {"LOOM_HUGE_PAGES": "0"})  # cudaMalloc on 4 KiB pages
NO_ROW_WALK = ("no-row-walk", ["--loom-disable=row-walk"])  # one block per call, x within the block
NO_FULL_GANG_LOOPS = ("no-full-gang-loops", ["--loom-disable=full-gang-loops"])  # divergent loops masked throughout
NO_DEFERRED_APPENDS = ("no-deferred-appends", ["--loom-disable=deferred-appends"])  # out[atomicAdd(c, 1)]: atomics
# Small asynchronous work for an idle stream handed to the workers (deferred)
# instead of run on the launching thread (docs/runtime.md, "Small work").
NO_RUN_INLINE = ("no-run-inline", [], {"LOOM_RUN_INLINE": "0"})
VARIANTS = {
    "smem_stage": [("no-barrier-elim", ["--loom-disable=barrier-elim"]), NO_UNIFORM],
    "warp_collectives": [("scalar", ["--loom-disable=vectorize"]), NO_WFV],
    # 1D blocks of 100 threads: no-wfv is the scalar thread loop that partial
    # warps ran before they became masked warp gangs.
    "warp_partial": [NO_WFV],
    # 16 x 16 blocks: warps span two rows; no-wfv is the scalar thread loop
    # they ran before the flat warp-gang version.
    "warp_flat": [NO_WFV, JIT],
    "dot_shuffle": [NO_WFV, NO_STEPS, JIT],
    "softmax_warp": [NO_FULL_GANG_LOOPS, NO_WFV, JIT],
    "expsin": [("scalar", ["--loom-disable=vectorize"]), NO_WFV],
    "blackscholes": [("scalar", ["--loom-disable=vectorize"]), NO_WFV, NO_STEPS],
    "triad": [NO_WFV, JIT],
    "triad_gs": [NO_WFV, NO_STEPS, NO_HUGE],
    "dot_shared": [NO_WFV, NO_STEPS, NO_UNIFORM],
    "matmul_naive": [NO_WFV, JIT],
    "matmul_loop": [NO_WFV],
    "nbody": [NO_WFV],
    "spmv": [NO_WFV, NO_HUGE],
    "kmeans": [NO_WFV, NO_HUGE],
    "stencil2d": [NO_WFV, NO_ROW_WALK],
    "stencil3d": [NO_WFV, JIT, NO_HUGE, NO_ROW_WALK],
    "histogram": [NO_WFV, NO_ATOMIC_AGG, NO_FULL_GANG_LOOPS, JIT],
    "compact": [NO_DEFERRED_APPENDS, NO_ATOMIC_AGG, NO_BLOCK_ATOMICS],
    "bfs": [NO_DEFERRED_APPENDS, NO_WFV],
    "scan": [NO_WFV, NO_UNROLL, NO_UNIFORM, JIT],
    "matmul_tiled": [NO_WFV, JIT],
    "transpose": [NO_WFV, JIT, NO_HUGE],
    "stencil2d_tiled": [NO_WFV, NO_UNIFORM, JIT],
    "layernorm": [NO_FULL_GANG_LOOPS, NO_WFV, NO_UNIFORM, JIT],
    "hotspot": [ONE_THREAD, NO_UNROLL, NO_UNIFORM, JIT, NO_HUGE],
    "tiny_launches": [ONE_THREAD, NO_RUN_INLINE],
    "myocyte_loop": [ONE_THREAD, NO_RUN_INLINE],
    "launch_async": [NO_RUN_INLINE],
    "launch_sync": [NO_RUN_INLINE],
}
VARIANTS["matmul_tiled"] = VARIANTS["matmul_tiled"] + [ONE_THREAD]  # lud-style tile kernel
if ONLY_VARIANTS:  # BENCH_VARIANTS=jit,no-wfv: run only these variants
    VARIANTS = {k: [v for v in vs if v[0] in ONLY_VARIANTS] for k, vs in VARIANTS.items()}
LIMITS = [("stream", "stream_omp"), ("fma_peak", "fma_omp")]
LAUNCH_COUNTS = {"tiny_launches": 5000, "tiny_launches_seq": 5000, "myocyte_loop": 4000}  # per-iteration time covers this many launches


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def wait_for_loomcc():
    for _ in range(60):  # another engineer may be relinking build/
        if os.access(LOOMCC, os.X_OK):
            return
        time.sleep(2)
    sys.exit(f"bench: {LOOMCC} not found (build Loom first: bash scripts/setup.sh)")


def compile_one(src, label=None, extra=()):
    out = os.path.join(BUILD, src + ("." + label if label else ""))
    if src.endswith("_omp") or src.endswith("_seq"):  # plain C++ twins
        cmd = [CXX] + OMP_FLAGS + [os.path.join(SRC, src + ".cpp"), "-o", out]
    else:
        cmd = [LOOMCC] + LOOM_FLAGS + list(extra) + [os.path.join(SRC, src + ".cu"), "-o", out]
    if os.path.exists(out):
        os.remove(out)
    p = subprocess.run(cmd, capture_output=True, text=True)
    with open(out + ".build.log", "w") as f:
        f.write(" ".join(cmd) + "\n" + p.stdout + p.stderr)
    return os.path.basename(out), p.returncode == 0, (p.stdout + p.stderr).strip()


def run_one(src, attempt=0, env=None):
    """One repetition: returns dict(ms, bytes, flops, checksum) or dict(error)."""
    try:
        p = subprocess.run([os.path.join(BUILD, src)], capture_output=True, text=True, timeout=TIMEOUT,
                           env=dict(os.environ, **env) if env else None)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {TIMEOUT} s"}
    res = None
    for line in p.stdout.splitlines():
        if line.startswith("BENCH_FAIL"):
            return {"error": "wrong result: " + line[len("BENCH_FAIL "):]}
        if line.startswith("BENCH "):
            res = {k: float(v) for k, v in (kv.split("=", 1) for kv in line.split()[1:])}
    # LOOM_JIT_STATS=1 (the jit variant): time spent compiling specialized kernels
    jit_ms = [float(m.group(1)) for m in re.finditer(r"loom-jit: .*: compiled in ([0-9.]+) ms", p.stderr)]
    if res is not None and jit_ms:
        res["jit_ms"] = sum(jit_ms)
        res["jit_kernels"] = len(jit_ms)
    if "error while loading shared libraries" in p.stderr and attempt < 10:
        time.sleep(3)  # build/lib/libloomrt.so is being relinked by someone else
        return run_one(src, attempt + 1, env)
    if p.returncode != 0 or res is None:
        tail = (p.stdout + p.stderr).strip().splitlines()[-3:]
        return {"error": f"exit status {p.returncode}: " + " | ".join(tail)}
    return res


def fmt_ms(v):
    return "-" if v is None else (f"{v:.4g}" if v < 1 else f"{v:.1f}")


def main():
    wait_for_loomcc()
    os.makedirs(BUILD, exist_ok=True)
    os.makedirs(RESULTS, exist_ok=True)
    benches = [b for b in BENCHES if not ONLY or b[0] in ONLY]
    sources = sorted({s for b in benches for s in b[1:3]} | {s for _, s in LIMITS})
    jobs = [(s, None, ()) for s in sources] + [(b[1], v[0], v[1]) for b in benches
                                               for v in VARIANTS.get(b[0], []) if v[1]]
    log(f"bench: building {len(jobs)} programs into {BUILD}")
    with ThreadPoolExecutor(max_workers=2) as ex:
        built = {s: (ok, msg) for s, ok, msg in ex.map(lambda j: compile_one(*j), jobs)}
    for s, (ok, msg) in built.items():
        if not ok:
            log(f"bench: {s} FAILED TO COMPILE:\n{msg}")

    limits = {}
    for name, src in LIMITS:
        runs = [run_one(src) for _ in range(REPS)] if built[src][0] else [{"error": "compile failed"}]
        good = [r for r in runs if "error" not in r]
        if not good:
            sys.exit(f"bench: limit {name} failed: {runs[0]['error']}")
        if name == "stream":
            limits["stream_GBps"] = max(r["bytes"] / r["ms"] / 1e6 for r in good)
        else:
            limits["fma_GFLOPs"] = max(r["flops"] / r["ms"] / 1e6 for r in good)
    log(f"bench: STREAM triad {limits['stream_GBps']:.1f} GB/s, FMA peak {limits['fma_GFLOPs']:.1f} GFLOP/s")

    rows, failed = [], False
    for name, cu, omp, kind in benches:
        loom_runs, omp_runs = [], []
        variants = {f"{cu}.{v[0]}": [] for v in VARIANTS.get(name, [])}
        # binary and environment of each variant
        vrun = {f"{cu}.{v[0]}": (f"{cu}.{v[0]}" if v[1] else cu, v[2] if len(v) > 2 else None)
                for v in VARIANTS.get(name, [])}
        for rep in range(REPS):
            loom_runs.append(run_one(cu) if built[cu][0] else {"error": "compile failed: " + built[cu][1][-400:]})
            omp_runs.append(run_one(omp) if built[omp][0] else {"error": "compile failed"})
            for v, runs in variants.items():
                exe, env = vrun[v]
                runs.append(run_one(exe, env=env) if built[exe][0] else {"error": "compile failed: " + built[exe][1][-400:]})
            if "error" in loom_runs[-1] and "error" in omp_runs[-1]:
                break
        row = {"name": name, "kind": kind, "loom_runs_ms": [r.get("ms") for r in loom_runs],
               "omp_runs_ms": [r.get("ms") for r in omp_runs]}
        lerr = next((r["error"] for r in loom_runs if "error" in r), None)
        oerr = next((r["error"] for r in omp_runs if "error" in r), None)
        row["loom_ms"] = None if lerr else statistics.median(r["ms"] for r in loom_runs)
        row["omp_ms"] = None if oerr else statistics.median(r["ms"] for r in omp_runs)
        status = "ok"
        if lerr:
            status = "LOOM FAIL: " + lerr
        elif oerr:
            status = "OPENMP FAIL: " + oerr
        else:
            a, b = loom_runs[0]["checksum"], omp_runs[0]["checksum"]
            if abs(a - b) > 1e-4 * max(abs(a), abs(b), 1.0):
                status = f"MISMATCH: Loom checksum {a!r}, OpenMP {b!r}"
        row["variants"] = []
        for v, runs in variants.items():
            verr = next((r["error"] for r in runs if "error" in r), None)
            vrow = {"variant": v.split(".", 1)[1], "runs_ms": [r.get("ms") for r in runs],
                    "ms": None if verr else statistics.median(r["ms"] for r in runs), "status": verr or "ok"}
            if not verr and all("jit_ms" in r for r in runs):
                vrow["jit_compile_ms"] = statistics.median(r["jit_ms"] for r in runs)
                vrow["jit_kernels"] = int(runs[0]["jit_kernels"])
            if not verr and row["loom_ms"] is not None:
                vrow["ratio"] = vrow["ms"] / row["loom_ms"]
                a, b = loom_runs[0]["checksum"], runs[0]["checksum"]
                if abs(a - b) > 1e-4 * max(abs(a), abs(b), 1.0):
                    vrow["status"] = f"MISMATCH: checksum {b!r}, default build {a!r}"
            row["variants"].append(vrow)
            if vrow["status"] != "ok" and status == "ok":
                status = f"VARIANT {vrow['variant']} FAIL: {vrow['status']}"
        row["status"] = status
        failed |= status != "ok"
        if row["loom_ms"] is not None and row["omp_ms"] is not None:
            row["ratio"] = row["loom_ms"] / row["omp_ms"]
        if row["loom_ms"] is not None:
            r0 = loom_runs[0]
            if kind == "bw":
                row["loom_GBps"] = r0["bytes"] / row["loom_ms"] / 1e6
                row["pct_of_limit"] = 100 * row["loom_GBps"] / limits["stream_GBps"]
            elif kind == "compute":
                row["loom_GFLOPs"] = r0["flops"] / row["loom_ms"] / 1e6
                row["pct_of_limit"] = 100 * row["loom_GFLOPs"] / limits["fma_GFLOPs"]
            else:
                row["loom_us_per_launch"] = 1000 * row["loom_ms"] / LAUNCH_COUNTS.get(name, 1)
        rows.append(row)
        log(f"bench: {name}: Loom {fmt_ms(row['loom_ms'])} ms, OpenMP {fmt_ms(row['omp_ms'])} ms, {status}")

    # Table
    hdr = ["benchmark", "Loom ms", "OpenMP ms", "Loom/OpenMP", "Loom achieved", "% of limit"]
    table = []
    for r in rows:
        if "loom_GBps" in r:
            ach = f"{r['loom_GBps']:.2f} GB/s"
        elif "loom_GFLOPs" in r:
            ach = f"{r['loom_GFLOPs']:.2f} GFLOP/s"
        elif "loom_us_per_launch" in r:
            ach = f"{r['loom_us_per_launch']:.2f} us/launch"
        else:
            ach = "-"
        pct = f"{r['pct_of_limit']:.1f}%" if "pct_of_limit" in r else "-"
        ratio = f"{r['ratio']:.2f}" if "ratio" in r else "-"
        if r["status"] != "ok":
            ratio += " FAIL"
        table.append([r["name"], fmt_ms(r["loom_ms"]), fmt_ms(r["omp_ms"]), ratio, ach, pct])
    widths = [max(len(x) for x in col) for col in zip(hdr, *table)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    print(f"Machine: {cpu_model()}, {os.cpu_count()} hardware threads; "
          f"STREAM triad {limits['stream_GBps']:.1f} GB/s, FMA peak {limits['fma_GFLOPs']:.1f} GFLOP/s (fp32); "
          f"medians of {REPS} repetitions")
    print(line(hdr))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for t in table:
        print(line(t))
    vrows = [[r["name"], v["variant"], fmt_ms(r["loom_ms"]), fmt_ms(v["ms"]),
              f"{v['ratio']:.2f}" if "ratio" in v else "FAIL",
              f"{v['jit_compile_ms']:.0f} ({v['jit_kernels']})" if "jit_compile_ms" in v else "-"]
             for r in rows for v in r["variants"]]
    if vrows:
        vhdr = ["benchmark", "variant", "default ms", "variant ms", "variant/default",
                "JIT compile ms (kernels)"]
        widths = [max(len(x) for x in col) for col in zip(vhdr, *vrows)]
        print(f"\nVariants (medians of {REPS}, run alternately with the default build; above 1 = the default is faster):")
        print(line(vhdr))
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for t in vrows:
            print(line(t))
    for r in rows:
        if r["status"] != "ok":
            print(f"{r['name']}: {r['status']}")

    out = {"date": time.strftime("%Y-%m-%d %H:%M:%S"), "machine": {"cpu": cpu_model(), "threads": os.cpu_count(),
           "kernel": platform.release()}, "repetitions": REPS, "limits": limits,
           "loomcc": LOOMCC, "omp_flags": OMP_FLAGS, "benchmarks": rows}
    with open(os.path.join(RESULTS, "results.json"), "w") as f:
        json.dump(out, f, indent=2)
    chart(rows)
    log(f"bench: wrote {RESULTS}/results.json" + (" and chart.png" if os.path.exists(os.path.join(RESULTS, "chart.png")) else ""))
    return 1 if failed else 0


def cpu_model():
    try:
        for l in open("/proc/cpuinfo"):
            if l.startswith("model name"):
                return l.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def chart(rows):
    png = os.path.join(RESULTS, "chart.png")
    if os.path.exists(png):
        os.remove(png)
    pts = [(r["name"], r["ratio"], r["status"] == "ok") for r in rows if "ratio" in r]
    if not pts:
        return
    if shutil.which("gnuplot"):
        dat = os.path.join(RESULTS, "chart.dat")
        with open(dat, "w") as f:
            for i, (n, v, ok) in enumerate(pts):
                f.write(f"{i} {v:.6g} {n}{'' if ok else '(FAIL)'} {1 if v <= 1 else 2}\n")
        script = f"""
set terminal pngcairo size 1200,600 noenhanced
set output '{png}'
set title 'Loom time / OpenMP time per benchmark (log scale; below 1 = Loom faster)'
set logscale y
set ylabel 'Loom / OpenMP'
set style fill solid 0.8
set boxwidth 0.7
set xtics rotate by -45 nomirror
set grid ytics
set yrange [*:*]
set key off
set arrow from -0.5,1 to {len(pts) - 0.5},1 nohead lw 2 lc rgb 'black'
set palette defined (1 '#2e8b57', 2 '#c0392b')
unset colorbox
plot '{dat}' using 1:2:4:xtic(3) with boxes lc palette, '' using 1:2:(sprintf('%.2f',$2)) with labels offset 0,1 font ',9'
"""
        p = subprocess.run(["gnuplot"], input=script, capture_output=True, text=True)
        if p.returncode != 0:
            log("bench: gnuplot failed: " + p.stderr.strip())
        return
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("bench: neither gnuplot nor matplotlib found; no chart")
        return
    fig, ax = plt.subplots(figsize=(12, 6))
    ax.bar([n for n, _, _ in pts], [v for _, v, _ in pts],
           color=["#2e8b57" if v <= 1 else "#c0392b" for _, v, _ in pts])
    ax.set_yscale("log")
    ax.axhline(1, color="black")
    ax.set_ylabel("Loom / OpenMP")
    ax.set_title("Loom time / OpenMP time per benchmark (log scale; below 1 = Loom faster)")
    plt.xticks(rotation=45, ha="right")
    fig.tight_layout()
    fig.savefig(png)


if __name__ == "__main__":
    sys.exit(main())
