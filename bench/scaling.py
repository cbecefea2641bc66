#!/usr/bin/env python3
"""Worker scaling and small-work table (issue #20): runs each program with
LOOM_NUM_THREADS=1 and with all workers, and its twin (OpenMP with
OMP_NUM_THREADS=1 and all threads, or the sequential *_seq program),
alternately, and prints medians as ratios only:

  scaling = time(1 thread) / time(all)     for Loom and for OpenMP (the
            OpenMP column shows how many cores the machine really gave)
  vs twin = Loom time (all workers) / twin time (all threads)

Uses the binaries bench/run.sh built (BENCH_BUILD_DIR, default bench/build).
--baseline-lib DIR runs the same binaries a second time against the
libloomrt.so in DIR (a build of another commit), for before/after ratios.
Usage: bench/scaling.py [--reps N] [--baseline-lib DIR] [name,name,...]"""
import argparse, os, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("BENCH_BUILD_DIR", os.path.join(HERE, "build"))
# program -> twin
PROGRAMS = {"hotspot": "hotspot_omp", "matmul_tiled": "matmul_tiled_omp",
            "tiny_launches": "tiny_launches_seq", "myocyte_loop": "myocyte_loop_seq"}


def run(exe, env):
    p = subprocess.run([os.path.join(BUILD, exe)], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, **env))
    for line in p.stdout.splitlines():
        if line.startswith("BENCH_FAIL"):
            sys.exit(f"{exe}: {line}")
        if line.startswith("BENCH "):
            return float(line.split()[1].split("=", 1)[1])
    sys.exit(f"{exe}: no result (exit status {p.returncode}): {p.stderr.strip()[-300:]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--baseline-lib")
    ap.add_argument("only", nargs="?", default="")
    a = ap.parse_args()
    names = [n for n in (a.only.split(",") if a.only else PROGRAMS) if n]
    print(f"medians of {a.reps}, alternating runs; {os.cpu_count()} hardware threads")
    print("| benchmark | Loom scaling 1->all | twin scaling 1->all | Loom/twin (all) |"
          + (" baseline scaling | baseline/Loom (all) |" if a.baseline_lib else ""))
    print("|---|---|---|---|" + ("---|---|" if a.baseline_lib else ""))
    for n in names:
        twin = PROGRAMS[n]
        cfg = {"all": (n, {}), "one": (n, {"LOOM_NUM_THREADS": "1"}), "twin": (twin, {})}
        if twin.endswith("_omp"):
            cfg["twin1"] = (twin, {"OMP_NUM_THREADS": "1"})
        if a.baseline_lib:
            cfg["ball"] = (n, {"LD_LIBRARY_PATH": a.baseline_lib})
            cfg["bone"] = (n, {"LD_LIBRARY_PATH": a.baseline_lib, "LOOM_NUM_THREADS": "1"})
        runs = {k: [] for k in cfg}
        for _ in range(a.reps):
            for k, (exe, env) in cfg.items():
                runs[k].append(run(exe, env))
        m = {k: statistics.median(v) for k, v in runs.items()}
        row = [n, f"{m['one'] / m['all']:.2f}",
               f"{m['twin1'] / m['twin']:.2f}" if "twin1" in m else "- (sequential)",
               f"{m['all'] / m['twin']:.2f}"]
        if a.baseline_lib:
            row += [f"{m['bone'] / m['ball']:.2f}", f"{m['ball'] / m['all']:.2f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
