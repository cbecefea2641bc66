#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen.py - random valid CUDA kernels with a sequential reference, for differential fuzzing.

Issue #16, point 8. Writes one .cu file holding N random kernels; its main()
runs each kernel through Loom and through a plain C++ reference of the same
program (host code: it never goes through Loom's kernel pipeline or runtime)
that executes CUDA's semantics one thread at a time, barrier interval by
barrier interval, and compares every output word. It prints one line per
mismatching kernel and exits 1 if there was any.

What the kernels contain (all well defined, race-free, deterministic):
  - unsigned 32-bit arithmetic on per-thread locals (wrapping + - * ^ & |,
    shifts by amounts masked to 0..31, / and % by an odd divisor, min, max,
    __popc), thread and block indices, loads of a read-only input array;
  - divergent control flow: if/else on per-thread conditions, loops with
    per-thread trip counts (nested);
  - commutative global atomics (add, or, xor, and, max, min) whose return
    value is unused, also inside divergent code;
  - in uniform control flow only: __syncthreads() exchanges through
    __shared__ memory (each thread writes its own slot, reads any slot after
    the barrier), a shared-memory atomicAdd reduction, and warp functions
    with the full mask (__shfl_sync, _xor, _up, _down, __ballot_sync,
    __any_sync, __all_sync) in blocks of whole warps.
Each thread writes its locals to out[]; the atomics' targets are compared
too.

  gen.py --seed S --kernels N -o file.cu
"""
import argparse
import random
import re

NV = 5          # locals per thread
OPS = ["Add", "Or", "Xor", "And", "Max", "Min"]
SLOTS = 4       # global atomic targets per operation (mixing operations on
                # one word would make the result depend on their order)
NACC = len(OPS) * SLOTS
FULL = "0xffffffffu"


class Kernel:
    def __init__(self, rng, index):
        self.rng = rng
        self.index = index
        self.loop_depth = 0
        self.loop_vars = []
        self.counter = 0
        self.block = rng.choice([32, 64, 96, 128, 256])
        self.grid = rng.randint(1, 4)
        self.segments = []  # ("code", dev_lines, ref_lines) or ("sync", kind, args)
        self.build()

    # Expressions are written once with $v0.. placeholders and rendered for
    # the device (v0, threadIdx.x) and the reference (L[0], t).
    def var(self):
        return "$v%d" % self.rng.randrange(NV)

    def leaf(self):
        r = self.rng.random()
        if r < 0.45:
            return self.var()
        if r < 0.6:
            return "$tid"
        if r < 0.67:
            return "$bid"
        if r < 0.75 and self.loop_vars:
            return "$" + self.rng.choice(self.loop_vars)
        if r < 0.85:
            return "in[(%s) %% NIN]" % self.var()
        return "%du" % self.rng.choice([0, 1, 2, 3, 5, 7, 31, 255, 1000, 0x7fffffff, 0xffffffff,
                                        self.rng.randrange(1 << 32)])

    def expr(self, depth=0):
        if depth > 2 or self.rng.random() < 0.3:
            return self.leaf()
        a, b = self.expr(depth + 1), self.expr(depth + 1)
        op = self.rng.choice(["+", "-", "*", "^", "&", "|", "<<", ">>", "/", "%", "min", "max",
                              "popc", "cmp"])
        if op in ("<<", ">>"):
            return "((%s) %s ((%s) & 31u))" % (a, op, b)
        if op in ("/", "%"):
            return "((%s) %s ((%s) | 1u))" % (a, op, b)
        if op in ("min", "max"):
            return "%s(%s, %s)" % (op, a, b)
        if op == "popc":
            return "(unsigned)__popc(%s)" % a
        if op == "cmp":
            return "((%s) < (%s) ? 1u : 0u)" % (a, b)
        return "((%s) %s (%s))" % (a, op, b)

    def fresh(self):
        self.counter += 1
        return "i%d" % self.counter

    def statements(self, budget, indent):
        """Divergent-safe code: no barriers, no warp functions."""
        out = []
        pad = "  " * indent
        while budget > 0:
            budget -= 1
            r = self.rng.random()
            if r < 0.5:
                out.append(pad + "%s = %s;" % (self.var(), self.expr()))
            elif r < 0.65 and indent < 4:
                out.append(pad + "if (((%s) %% 3u) == 0u) {" % self.expr(1))
                out += self.statements(self.rng.randint(1, 3), indent + 1)
                if self.rng.random() < 0.5:
                    out.append(pad + "} else {")
                    out += self.statements(self.rng.randint(1, 3), indent + 1)
                out.append(pad + "}")
            elif r < 0.78 and indent < 4 and self.loop_depth < 2:
                i = self.fresh()
                out.append(pad + "for (unsigned $%s = 0; $%s < ((%s) & 7u); ++$%s) {" % (
                    i, i, self.expr(1), i))
                self.loop_depth += 1
                self.loop_vars.append(i)
                out += self.statements(self.rng.randint(1, 3), indent + 1)
                self.loop_vars.pop()
                self.loop_depth -= 1
                out.append(pad + "}")
            else:
                o = self.rng.randrange(len(OPS))
                out.append(pad + "atomic%s(&acc[%du + (%s) %% %du], %s);" % (
                    OPS[o], o * SLOTS, self.expr(1), SLOTS, self.expr(1)))
        return out

    def build(self):
        for _ in range(self.rng.randint(2, 6)):
            self.segments.append(("code", self.statements(self.rng.randint(1, 4), 1)))
            r = self.rng.random()
            if r < 0.35:
                self.segments.append(("exchange", self.rng.randrange(NV), self.rng.randrange(NV),
                                      self.rng.choice([1, 3, 5, 7, 31]),
                                      self.rng.randrange(self.block)))
            elif r < 0.45:
                self.segments.append(("sharedsum", self.rng.randrange(NV), self.rng.randrange(NV)))
            elif r < 0.85:
                kind = self.rng.choice(["shfl", "xor", "up", "down", "ballot", "any", "all"])
                self.segments.append(("warp", kind, self.rng.randrange(NV), self.rng.randrange(NV),
                                      self.rng.randrange(NV), self.rng.choice([1, 2, 4, 8, 16])))

    # ---- rendering ----
    def dev(self, text):
        m = {"v%d" % k: "v%d" % k for k in range(NV)}
        m.update(tid="threadIdx.x", bid="blockIdx.x")
        for i in range(1, self.counter + 1):
            m["i%d" % i] = "i%d" % i
        return re.sub(r"\$(\w+)", lambda x: m[x.group(1)], text)

    def ref(self, text):
        m = {"v%d" % k: "L[%d]" % k for k in range(NV)}
        m.update(tid="t", bid="b")
        for i in range(1, self.counter + 1):
            m["i%d" % i] = "i%d" % i
        t = re.sub(r"\$(\w+)", lambda x: m[x.group(1)], text)
        for op in OPS:
            t = t.replace("atomic%s(&acc[" % op, "ref%s(&acc[" % op)
        return t.replace("__popc(", "__builtin_popcount(").replace("min(", "refMin(").replace(
            "max(", "refMax(")

    def emit(self):
        k = self.index
        d = []
        d.append("__global__ void fuzz%d(const unsigned *in, unsigned *out, unsigned *acc) {" % k)
        d.append("  __shared__ unsigned sh[%d];" % self.block)
        d.append("  __shared__ unsigned shsum;")
        d.append("  unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;")
        for v in range(NV):
            d.append("  unsigned v%d = in[(gtid * %d + %d) %% NIN];" % (v, NV, v))
        r = []
        r.append("static void ref%d(const unsigned *in, unsigned *out, unsigned *acc) {" % k)
        r.append("  const unsigned B = %d, G = %d;" % (self.block, self.grid))
        r.append("  static unsigned V[%d][%d]; static unsigned SH[%d]; unsigned T[%d];" % (
            self.block, NV, self.block, self.block))
        r.append("  (void)SH; (void)T;")
        r.append("  for (unsigned b = 0; b < G; ++b) {")
        r.append("    for (unsigned t = 0; t < B; ++t) for (unsigned j = 0; j < %d; ++j)" % NV)
        r.append("      V[t][j] = in[((b * B + t) * %d + j) %% NIN];" % NV)
        for seg in self.segments:
            if seg[0] == "code":
                d += [self.dev(l) for l in seg[1]]
                r.append("    for (unsigned t = 0; t < B; ++t) { unsigned *L = V[t]; (void)L;")
                r += ["    " + self.ref(l) for l in seg[1]]
                r.append("    }")
            elif seg[0] == "exchange":
                _, a, bv, mul, add = seg
                d.append("  sh[threadIdx.x] = v%d;" % a)
                d.append("  __syncthreads();")
                d.append("  v%d = sh[(threadIdx.x * %du + %du) %% %du];" % (bv, mul, add, self.block))
                d.append("  __syncthreads();")
                r.append("    for (unsigned t = 0; t < B; ++t) SH[t] = V[t][%d];" % a)
                r.append("    for (unsigned t = 0; t < B; ++t) V[t][%d] = SH[(t * %du + %du) %% B];"
                         % (bv, mul, add))
            elif seg[0] == "sharedsum":
                _, a, bv = seg
                d.append("  if (threadIdx.x == 0) shsum = 0;")
                d.append("  __syncthreads();")
                d.append("  atomicAdd(&shsum, v%d);" % a)
                d.append("  __syncthreads();")
                d.append("  v%d = shsum;" % bv)
                d.append("  __syncthreads();")
                r.append("    { unsigned s = 0; for (unsigned t = 0; t < B; ++t) s += V[t][%d];" % a)
                r.append("      for (unsigned t = 0; t < B; ++t) V[t][%d] = s; }" % bv)
            else:
                _, kind, a, bv, c, delta = seg
                src = {"shfl": "__shfl_sync(%s, v%d, v%d & 31u)" % (FULL, a, c),
                       "xor": "__shfl_xor_sync(%s, v%d, %d)" % (FULL, a, delta),
                       "up": "__shfl_up_sync(%s, v%d, %d)" % (FULL, a, delta),
                       "down": "__shfl_down_sync(%s, v%d, %d)" % (FULL, a, delta),
                       "ballot": "__ballot_sync(%s, v%d & 1u)" % (FULL, a),
                       "any": "(unsigned)__any_sync(%s, v%d & 1u)" % (FULL, a),
                       "all": "(unsigned)__all_sync(%s, (v%d & 3u) != 0u)" % (FULL, a)}[kind]
                d.append("  v%d = %s;" % (bv, src))
                ref_src = {
                    "shfl": "V[w + (V[t][%d] & 31u)][%d]" % (c, a),
                    "xor": "V[w + (l ^ %d)][%d]" % (delta, a),
                    "up": "(l >= %d ? V[t - %d][%d] : V[t][%d])" % (delta, delta, a, a),
                    "down": "(l + %d < 32 ? V[t + %d][%d] : V[t][%d])" % (delta, delta, a, a),
                    "ballot": "refBallot(V, w, [](const unsigned *L) { return (L[%d] & 1u) != 0; })" % a,
                    "any": "(refBallot(V, w, [](const unsigned *L) { return (L[%d] & 1u) != 0; }) ? 1u : 0u)" % a,
                    "all": "(refBallot(V, w, [](const unsigned *L) { return (L[%d] & 3u) != 0; }) == 0xffffffffu ? 1u : 0u)" % a,
                }[kind]
                r.append("    for (unsigned t = 0; t < B; ++t) { unsigned l = t %% 32, w = t - l; (void)l; (void)w; T[t] = %s; }" % ref_src)
                r.append("    for (unsigned t = 0; t < B; ++t) V[t][%d] = T[t];" % bv)
        for v in range(NV):
            d.append("  out[gtid * %d + %d] = v%d;" % (NV, v, v))
        d.append("}")
        r.append("    for (unsigned t = 0; t < B; ++t) for (unsigned j = 0; j < %d; ++j)" % NV)
        r.append("      out[(b * B + t) * %d + j] = V[t][j];" % NV)
        r.append("  }")
        r.append("}")
        return "\n".join(d), "\n".join(r)


PRELUDE = r'''// Generated by tests/fuzz/gen.py (seed %(seed)d, %(n)d kernels): random
// kernels and a sequential C++ reference of each (issue #16, point 8).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#define NIN 4096u
static unsigned refMin(unsigned a, unsigned b) { return a < b ? a : b; }
static unsigned refMax(unsigned a, unsigned b) { return a > b ? a : b; }
static void refAdd(unsigned *p, unsigned v) { *p += v; }
static void refOr(unsigned *p, unsigned v) { *p |= v; }
static void refXor(unsigned *p, unsigned v) { *p ^= v; }
static void refAnd(unsigned *p, unsigned v) { *p &= v; }
static void refMax(unsigned *p, unsigned v) { if (v > *p) *p = v; }
static void refMin(unsigned *p, unsigned v) { if (v < *p) *p = v; }
template <typename F> static unsigned refBallot(unsigned (*V)[%(nv)d], unsigned w, F pred) {
  unsigned bits = 0;
  for (unsigned l = 0; l < 32; ++l)
    if (pred(V[w + l])) bits |= 1u << l;
  return bits;
}
'''

MAIN = r'''
typedef void (*Kernel)(const unsigned *, unsigned *, unsigned *);
typedef void (*Ref)(const unsigned *, unsigned *, unsigned *);
struct Case { const char *name; Kernel k; Ref r; unsigned grid, block; };
static const Case cases[] = {
%(cases)s
};

int main(int argc, char **argv) {
  unsigned seed = %(seed)du;
  std::vector<unsigned> in(NIN);
  for (unsigned i = 0; i < NIN; ++i) {
    seed = seed * 1664525u + 1013904223u;
    in[i] = (i %% 5 == 0) ? (seed >> 28) : seed; // small values too
  }
  unsigned *din, *dout, *dacc;
  const unsigned maxOut = 4 * 256 * %(nv)d;
  cudaMalloc(&din, NIN * sizeof(unsigned));
  cudaMalloc(&dout, maxOut * sizeof(unsigned));
  cudaMalloc(&dacc, %(nacc)d * sizeof(unsigned));
  cudaMemcpy(din, in.data(), NIN * sizeof(unsigned), cudaMemcpyHostToDevice);
  std::vector<unsigned> out(maxOut), ref(maxOut);
  unsigned accInit[%(nacc)d];
  for (unsigned i = 0; i < %(nacc)d; ++i) // Add Or Xor And Max Min
    accInit[i] = (i / %(slots)d == 3 || i / %(slots)d == 5) ? 0xffffffffu : 0x1000u * i;
  int bad = 0;
  unsigned n = sizeof(cases) / sizeof(cases[0]);
  for (unsigned c = 0; c < n; ++c) {
    const Case &k = cases[c];
    unsigned words = k.grid * k.block * %(nv)d;
    unsigned acc[%(nacc)d], refAcc[%(nacc)d];
    memcpy(refAcc, accInit, sizeof accInit);
    cudaMemcpy(dacc, accInit, sizeof accInit, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, maxOut * sizeof(unsigned));
    k.k<<<k.grid, k.block>>>(din, dout, dacc);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      printf("%%s: launch failed: %%s\n", k.name, cudaGetErrorName(e));
      return 2;
    }
    cudaMemcpy(out.data(), dout, words * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(acc, dacc, sizeof acc, cudaMemcpyDeviceToHost);
    k.r(in.data(), ref.data(), refAcc);
    for (unsigned i = 0; i < words; ++i)
      if (out[i] != ref[i]) {
        printf("MISMATCH %%s: out[%%u] (thread %%u, local %%u) = %%u, reference %%u\n", k.name, i,
               i / %(nv)d, i %% %(nv)d, out[i], ref[i]);
        ++bad;
        break;
      }
    for (unsigned i = 0; i < %(nacc)d; ++i)
      if (acc[i] != refAcc[i]) {
        printf("MISMATCH %%s: acc[%%u] = %%u, reference %%u\n", k.name, i, acc[i], refAcc[i]);
        ++bad;
        break;
      }
  }
  printf("fuzz seed %(seed)d: %%u kernels, %%d mismatches\n", n, bad);
  return bad ? 1 : 0;
}
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=20)
    ap.add_argument("--only", type=int, default=-1, help="emit only kernel K of the seed")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    kernels = [Kernel(rng, i) for i in range(a.kernels)]
    if a.only >= 0:
        kernels = [kernels[a.only]]
    parts = [PRELUDE % {"seed": a.seed, "n": len(kernels), "nv": NV}]
    cases = []
    for k in kernels:
        dev, ref = k.emit()
        parts += [dev, ref]
        cases.append('  {"fuzz%d", fuzz%d, ref%d, %d, %d},' % (k.index, k.index, k.index,
                                                                k.grid, k.block))
    parts.append(MAIN % {"seed": a.seed, "cases": "\n".join(cases), "nv": NV, "nacc": NACC, "slots": SLOTS})
    with open(a.output, "w") as f:
        f.write("\n".join(parts))


if __name__ == "__main__":
    main()
