#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run Loom's self-checking CUDA test programs through another compiler.

Why: Loom's e2e tests check their results against CPU references written in
the tests themselves, and their FileCheck lines state what a GPU prints. Both
can be wrong in the same way as Loom. Where a machine with an NVIDIA GPU and
nvcc is at hand, this script compiles each test program with nvcc, runs it on
the GPU and applies the test's own checks, so that the expected outputs are
confirmed on real hardware (docs/testing.md, "Confirming tests on a GPU").

It reads each test's lit RUN lines and understands the common shape only:
  RUN: %loomcc %s [flags] -o %t
  RUN: [env VAR=x ...] %t [args] [2>&1] [| FileCheck %s [--check-prefix=P]]
Tests whose compile is expected to fail (diagnostics), that use Loom-only
tools or flags, or that need other RUN shapes are listed as "skipped" with
the reason. LOOM_* environment settings select Loom's internal modes; on a
GPU each distinct command line runs once.

FileCheck is approximated (CHECK, CHECK-DAG, CHECK-NOT, CHECK-NEXT and
{{regex}}; enough for the run-output checks these tests use) so that the
script needs nothing but Python and nvcc on the GPU machine.

Usage: scripts/gpu-check.py [--compiler nvcc] [--arch sm_90] [-j N]
                            [--work DIR] [--report FILE] PATH...
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

LOOM_ONLY_FLAGS = ("--loom-", "-Rpass", "-Xloom", "--loom")


def parse_runs(path):
    runs = []
    pending = ""
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:\s?(.*)$", line)
            if not m:
                continue
            text = m.group(1).rstrip()
            if text.endswith("\\"):
                pending += text[:-1] + " "
                continue
            runs.append(pending + text)
            pending = ""
    return runs


def check_lines(path, prefix):
    checks = []
    pat = re.compile(r"\b" + re.escape(prefix) + r"(-DAG|-NOT|-NEXT)?:\s?(.*)$")
    with open(path, errors="replace") as f:
        for line in f:
            m = pat.search(line)
            if m:
                checks.append((m.group(1) or "", m.group(2).strip()))
    return checks


def to_regex(pattern):
    out = ""
    pos = 0
    while pos < len(pattern):
        if pattern.startswith("{{", pos):
            end = pattern.find("}}", pos + 2)
            out += "(?:" + pattern[pos + 2:end] + ")"
            pos = end + 2
        elif pattern.startswith("[[", pos):
            raise ValueError("FileCheck variables are not supported")
        else:
            out += re.escape(pattern[pos])
            pos += 1
    return re.compile(out)


def filecheck(output, checks):
    """Returns None when the checks hold, else a reason."""
    lines = output.splitlines()
    cursor = 0  # first line the next CHECK may match
    nots = []
    dag_group = []

    def match_from(rx, start):
        for i in range(start, len(lines)):
            if rx.search(lines[i]):
                return i
        return -1

    def flush_dags(start):
        used = set()
        last = start - 1
        for text, rx in dag_group:
            found = -1
            for i in range(start, len(lines)):
                if i not in used and rx.search(lines[i]):
                    found = i
                    break
            if found < 0:
                return None, "CHECK-DAG not found: " + text
            used.add(found)
            last = max(last, found)
        dag_group.clear()
        return last + 1, None

    try:
        for kind, text in checks:
            rx = to_regex(text)
            if kind == "-DAG":
                dag_group.append((text, rx))
                continue
            if dag_group:
                cursor, err = flush_dags(cursor)
                if err:
                    return err
            if kind == "-NOT":
                nots.append((cursor, text, rx))
                continue
            if kind == "-NEXT":
                if cursor >= len(lines) or not rx.search(lines[cursor]):
                    return "CHECK-NEXT not on the next line: " + text
                found = cursor
            else:
                found = match_from(rx, cursor)
                if found < 0:
                    return "CHECK not found: " + text
            for start, ntext, nrx in nots:
                for i in range(start, found):
                    if nrx.search(lines[i]):
                        return "CHECK-NOT matched: " + ntext
            nots = []
            cursor = found + 1
        if dag_group:
            cursor, err = flush_dags(cursor)
            if err:
                return err
        for start, ntext, nrx in nots:
            for i in range(start, len(lines)):
                if nrx.search(lines[i]):
                    return "CHECK-NOT matched: " + ntext
    except (ValueError, re.error) as e:
        return "check not understood: %s" % e
    return None


def plan(path):
    """Returns (compile argv, [(env, argv, prefix or None)]) or a skip reason."""
    runs = parse_runs(path)
    if not runs:
        return "no RUN lines"
    compile_cmd = None
    execs = []
    for run in runs:
        run = run.replace("%S", os.path.dirname(os.path.abspath(path)))
        if "%loomcc" in run:
            if compile_cmd is not None:
                return "several compiles"
            if run.lstrip().startswith("not ") or "|" in run or "2>&1" in run:
                return "expected compile failure or output check (diagnostics)"
            words = shlex.split(run)
            if words[0] != "%loomcc":
                return "compile line shape: " + run
            if any(w.startswith(LOOM_ONLY_FLAGS) for w in words):
                return "Loom-only compile flag"
            if "%s" not in words or "-o" not in words:
                return "compile line shape: " + run
            compile_cmd = words[1:]
            continue
        pipe = run.split("|")
        words = shlex.split(pipe[0])
        env = {}
        if words and words[0] == "env":
            words = words[1:]
        while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
            k, v = words[0].split("=", 1)
            env[k] = v
            words = words[1:]
        merge = "2>&1" in words
        words = [w for w in words if w != "2>&1"]
        if not words or words[0] != "%t":
            if words and words[0] in ("rm", "mkdir", "cp", "echo"):
                continue
            return "RUN shape not handled: " + run.strip()
        prefix = None
        if len(pipe) == 2:
            fc = shlex.split(pipe[1])
            if not fc or fc[0] != "FileCheck":
                return "pipe to " + pipe[1].strip()
            prefix = "CHECK"
            for w in fc[1:]:
                if w.startswith("--check-prefix="):
                    prefix = w.split("=", 1)[1]
                elif w in ("%s",) or w.startswith("--implicit-check-not") \
                        or w == "--allow-empty":
                    continue
                else:
                    return "FileCheck option " + w
        elif len(pipe) > 2:
            return "RUN shape not handled: " + run.strip()
        env = {k: v for k, v in env.items() if not k.startswith("LOOM_")}
        execs.append((env, words[1:], prefix, merge))
    if compile_cmd is None:
        return "no %loomcc compile"
    unique = []
    for e in execs:
        if e not in unique:
            unique.append(e)
    return compile_cmd, unique


def run_one(path, args):
    name = os.path.relpath(path, args.root)
    p = plan(path)
    if isinstance(p, str):
        return name, "skipped", p
    compile_words, execs = p
    exe = os.path.join(args.work, re.sub(r"[^A-Za-z0-9_.-]", "_", name))
    argv = [args.compiler, "-arch=" + args.arch]
    for w in compile_words:
        argv.append(path if w == "%s" else exe if w == "%t" else w)
    r = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        msg = (r.stderr or r.stdout).strip().splitlines()
        return name, "compile-failed", " | ".join(msg[:3])[:300]
    for env, words, prefix, merge in execs:
        full_env = dict(os.environ)
        full_env.update(env)
        try:
            r = subprocess.run([exe] + [exe if w == "%t" else w for w in words],
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                               text=True, timeout=120, env=full_env)
        except subprocess.TimeoutExpired:
            return name, "timeout", " ".join(words)
        if r.returncode != 0:
            tail = (r.stdout + (r.stderr or "")).strip().splitlines()[-3:]
            return name, "run-failed", "exit %d: %s" % (r.returncode,
                                                        " | ".join(tail)[:300])
        if prefix:
            err = filecheck(r.stdout, check_lines(path, prefix))
            if err:
                return name, "check-failed", err[:300]
    return name, "passed", "%d run(s)" % len(execs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--compiler", default="nvcc")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--work", default="/tmp/loom-gpu-check")
    ap.add_argument("--report")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    args.root = os.getcwd()
    os.makedirs(args.work, exist_ok=True)
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                if "Inputs" in d.split(os.sep):
                    continue
                files += [os.path.join(d, n) for n in names if n.endswith(".cu")]
        else:
            files.append(p)
    files.sort()
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for res in pool.map(lambda f: run_one(f, args), files):
            results.append(res)
            print("%-14s %s  %s" % (res[1], res[0], res[2]), flush=True)
    counts = {}
    for _, status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    summary = ", ".join("%s %d" % kv for kv in sorted(counts.items()))
    print("summary:", summary)
    if args.report:
        with open(args.report, "w") as f:
            f.write("| test | result | detail |\n| --- | --- | --- |\n")
            for name, status, detail in results:
                f.write("| %s | %s | %s |\n" % (name, status,
                                               detail.replace("|", "\\|")))
            f.write("\nsummary: %s\n" % summary)
    bad = [r for r in results if r[1] not in ("passed", "skipped")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
