// SPDX-License-Identifier: Apache-2.0
// Pattern programs vs OpenBLAS, matrix multiply and MD also vs hand-written
// OpenMP loops (and BlackScholes derived for the CPU vs the GPU-style
// one-option-per-thread derivation), same run, same machine, medians of 5. Each program's derivation parameters are chosen by the
// explorer (cached per program, sizes and CPU). Not a test: run it with
//   build/bin/loom-patterns-bench [--budget=seconds] [--quick]
// docs/patterns.md has the table.
#include "loom/patterns/CodeGen.h"
#include "loom/patterns/Explore.h"
#include "loom/patterns/Programs.h"

#include <algorithm>
#include <chrono>
#include <cblas.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <omp.h>
#include <sstream>
#include <thread>

using namespace loom::patterns;

extern "C" void openblas_set_num_threads(int);

static double medianOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
template <class F> static double timeMs(F f, int reps = 5) {
  f(); // warm-up
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return medianOf(t);
}

struct Row {
  std::string name, size;
  double loom, base;
  std::string baseName, params;
};

static std::vector<std::vector<double>> randomFlat(const ProgramDef &d, const std::map<std::string, int64_t> &sizes) {
  Program p = d.build();
  std::vector<std::vector<double>> flat;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(d.lo, d.hi);
  for (int i = 0; i < p.fun->count; ++i) {
    const TypeP &t = p.fun->kids[i]->type;
    int64_t n = 1;
    for (TypeP x = t; x->kind == Type::Array; x = x->elem)
      n *= x->size.eval(sizes);
    flat.emplace_back(n);
    for (auto &v : flat.back())
      v = (float)u(rng);
  }
  return flat;
}

static std::vector<float> toF(const std::vector<double> &v) { return std::vector<float>(v.begin(), v.end()); }

/// Explores d, then times its best variant.
static double loomTime(const ProgramDef &d, const std::map<std::string, int64_t> &sizes,
                       const std::vector<std::vector<double>> &in, double budget, std::vector<double> &result,
                       std::string &params, Variant *chosen = nullptr, const Variant *fixed = nullptr) {
  ExploreOptions eo;
  eo.budgetSeconds = budget;
  std::ostringstream report;
  ExploreResult r;
  if (fixed) {
    r.ok = true;
    r.best = *fixed;
  } else {
    r = explore_(d, sizes, eo, report);
  }
  if (!r.ok) {
    std::cerr << report.str();
    throw Error("no variant of " + d.name + " ran");
  }
  if (chosen)
    *chosen = r.best;
  auto q = rewrite(d.build(), d.derive(r.best.params));
  CodeGenOptions cg;
  cg.blockSize = r.best.blockSize;
  CompiledProgram cp = compile(generate(*q, cg));
  params = "parts=" + std::to_string(r.best.params.parts) + " chunk=" + std::to_string(r.best.params.chunk) +
           " vector=" + std::to_string(r.best.params.vector) + (r.best.params.workgroups ? " workgroups" : "") +
           (r.best.params.rows ? " rows=" + std::to_string(r.best.params.rows) : "") +
           " block=" + std::to_string(r.best.blockSize) + (fixed ? " (from the smaller size)" : "");
  return cp.timeLaunch(in, sizes, 5, &result);
}

static void check(const char *what, const std::vector<double> &got, const std::vector<float> &want, double tol) {
  for (size_t i = 0; i < want.size(); ++i)
    if (std::fabs(got.at(i) - want[i]) > tol * std::max(1.0, std::fabs((double)want[i]))) {
      fprintf(stderr, "%s: result %zu differs: %g vs the baseline's %g\n", what, i, got[i], want[i]);
      exit(1);
    }
}

static int run(int argc, char **argv);
int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const Error &e) {
    fprintf(stderr, "loom-patterns-bench: %s\n", e.what());
    return 1;
  }
}

static int run(int argc, char **argv) {
  double budget = 15;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--budget=", 9))
      budget = atof(argv[i] + 9);
    else if (!strcmp(argv[i], "--quick"))
      quick = true;
  }
  int threads = (int)std::thread::hardware_concurrency();
  openblas_set_num_threads(threads);
  omp_set_num_threads(threads);
  std::vector<Row> rows;
  std::vector<int64_t> blas1 = {1 << 14, quick ? 1 << 20 : 1 << 24};
  for (const char *name : {"scal", "asum", "dot"}) {
    const ProgramDef &d = *findProgram(name);
    for (int64_t n : blas1) {
      std::map<std::string, int64_t> sizes{{"N", n}};
      auto in = randomFlat(d, sizes);
      std::vector<double> got;
      Row row{name, "N=" + std::to_string(n), 0, 0, "OpenBLAS", ""};
      row.loom = loomTime(d, sizes, in, budget, got, row.params);
      std::string sname = name;
      if (sname == "scal") {
        std::vector<float> x = toF(in[1]);
        float alpha = (float)in[0][0];
        row.base = timeMs([&] { cblas_sscal((int)n, alpha, x.data(), 1); });
        // (x was scaled 6 times; check one fresh call.)
        std::vector<float> y = toF(in[1]);
        cblas_sscal((int)n, alpha, y.data(), 1);
        check(name, got, y, 1e-6);
      } else if (sname == "asum") {
        std::vector<float> x = toF(in[0]);
        float r = 0;
        row.base = timeMs([&] { r = cblas_sasum((int)n, x.data(), 1); });
        check(name, got, {r}, 1e-3);
      } else {
        std::vector<float> x = toF(in[0]), y = toF(in[1]);
        float r = 0;
        row.base = timeMs([&] { r = cblas_sdot((int)n, x.data(), 1, y.data(), 1); });
        check(name, got, {r}, 1e-3);
      }
      rows.push_back(row);
    }
  }
  std::vector<int64_t> gemv = {256, quick ? 1024 : 4096};
  for (const char *name : {"gemvN", "gemvT"}) {
    const ProgramDef &d = *findProgram(name);
    for (int64_t n : gemv) {
      std::map<std::string, int64_t> sizes{{"N", n}, {"M", n}};
      auto in = randomFlat(d, sizes);
      std::vector<double> got;
      Row row{name, std::to_string(n) + "x" + std::to_string(n), 0, 0, "OpenBLAS", ""};
      row.loom = loomTime(d, sizes, in, budget, got, row.params);
      std::vector<float> A = toF(in[0]), x = toF(in[1]), y0 = toF(in[2]), y = y0;
      float alpha = (float)in[3][0], beta = (float)in[4][0];
      bool trans = std::string(name) == "gemvT";
      auto call = [&] {
        cblas_sgemv(CblasRowMajor, trans ? CblasTrans : CblasNoTrans, (int)n, (int)n, alpha, A.data(), (int)n,
                    x.data(), 1, beta, y.data(), 1);
      };
      row.base = timeMs([&] { y = y0; call(); });
      y = y0;
      call();
      check(name, got, y, 1e-3);
      rows.push_back(row);
    }
  }
  {
    // Matrix multiply: OpenBLAS and the loop a programmer writes with
    // OpenMP (i-k-j order: rows of B and C streamed, the compiler vectorizes
    // the j loop). The larger size reuses the smaller one's best variant.
    const ProgramDef &d = *findProgram("mm");
    Variant best;
    std::vector<int64_t> mmSizes = {quick ? 256 : 1024};
    if (!quick)
      mmSizes.push_back(2048);
    for (int64_t n : mmSizes) {
      std::map<std::string, int64_t> sizes{{"M", n}, {"K", n}, {"N", n}};
      auto in = randomFlat(d, sizes);
      std::vector<double> got;
      std::string params;
      double loom = loomTime(d, sizes, in, budget, got, params, &best, n == mmSizes[0] ? nullptr : &best);
      std::vector<float> A = toF(in[0]), B = toF(in[1]), C(n * n), D(n * n);
      double blas = timeMs([&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0f, A.data(), (int)n,
                    B.data(), (int)n, 0.0f, C.data(), (int)n);
      });
      check("mm", got, C, 1e-3);
      const float *a = A.data(), *b = B.data();
      float *c = D.data();
      int nn = (int)n;
      double omp = timeMs([&] {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < nn; ++i) {
          float *ci = c + (size_t)i * nn;
          for (int j = 0; j < nn; ++j)
            ci[j] = 0;
          for (int k = 0; k < nn; ++k) {
            float aik = a[(size_t)i * nn + k];
            const float *bk = b + (size_t)k * nn;
            for (int j = 0; j < nn; ++j)
              ci[j] += aik * bk[j];
          }
        }
      });
      check("mm (OpenMP)", got, D, 1e-3);
      rows.push_back({"mm", std::to_string(n) + "^2", loom, blas, "OpenBLAS", params});
      rows.push_back({"mm", std::to_string(n) + "^2", loom, omp, "OpenMP", params});
    }
  }
  {
    // MD (SHOC's Lennard-Jones forces over a neighbour list) against the
    // same loop written with OpenMP.
    const ProgramDef &d = *findProgram("md");
    int64_t natoms = quick ? 1 << 14 : 1 << 17, nbrs = 32;
    std::map<std::string, int64_t> sizes{{"N", natoms}, {"K", nbrs}};
    std::vector<std::vector<double>> in;
    for (auto &v : randomInputs(d, d.build(), sizes, 3)) {
      in.emplace_back();
      flatten(v, in.back());
    }
    std::vector<double> got;
    Row row{"md", "N=" + std::to_string(natoms) + " K=" + std::to_string(nbrs), 0, 0, "OpenMP", ""};
    row.loom = loomTime(d, sizes, in, budget, got, row.params);
    std::vector<float> X = toF(in[0]), Y = toF(in[1]), Z = toF(in[2]), F(3 * natoms);
    std::vector<int> NL(in[3].begin(), in[3].end());
    const float *x = X.data(), *y = Y.data(), *z = Z.data();
    const int *nl = NL.data();
    float *f = F.data();
    int na = (int)natoms, kk = (int)nbrs;
    row.base = timeMs([&] {
#pragma omp parallel for schedule(static)
      for (int i = 0; i < na; ++i) {
        float fx = 0, fy = 0, fz = 0, xi = x[i], yi = y[i], zi = z[i];
        for (int k = 0; k < kk; ++k) {
          int j = nl[(size_t)i * kk + k];
          float dx = xi - x[j], dy = yi - y[j], dz = zi - z[j];
          float r2 = dx * dx + dy * dy + dz * dz;
          if (r2 < 16.0f) {
            float r2inv = 1.0f / r2, r6inv = r2inv * r2inv * r2inv;
            float s = r2inv * r6inv * (1.5f * r6inv - 2.0f);
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
          }
        }
        f[3 * i] = fx;
        f[3 * i + 1] = fy;
        f[3 * i + 2] = fz;
      }
    });
    check("md", got, F, 1e-3);
    rows.push_back(row);
  }
  {
    // BlackScholes: the CPU derivation (explored) against the GPU-style one
    // (one option per thread, NVIDIA's 128-thread blocks), both via loomcc.
    const ProgramDef &d = *findProgram("blackScholes");
    int64_t n = quick ? 1 << 18 : 1 << 22;
    std::map<std::string, int64_t> sizes{{"N", n}};
    auto in = randomFlat(d, sizes);
    std::vector<double> got, gpu;
    Row row{"blackScholes", "N=" + std::to_string(n), 0, 0, "GPU-style", ""};
    row.loom = loomTime(d, sizes, in, budget, got, row.params);
    auto q2 = rewrite(d.build(), topDown(rules::mapToGlb()));
    CodeGenOptions cg;
    cg.blockSize = 128;
    cg.maxBlocks = 1 << 30;
    CompiledProgram cp = compile(generate(*q2, cg));
    row.base = cp.timeLaunch(in, sizes, 5, &gpu);
    for (size_t i = 0; i < gpu.size(); ++i)
      if (std::fabs(gpu[i] - got[i]) > 1e-3 * std::max(1.0, std::fabs(gpu[i]))) {
        fprintf(stderr, "blackScholes: derivations differ at %zu\n", i);
        return 1;
      }
    rows.push_back(row);
  }
  printf("Loom patterns vs baseline (%d threads each, medians of 5, CPU %s)\n", threads, cpuModel().c_str());
  printf("%-13s %-12s %10s %10s %-10s %8s  %s\n", "program", "size", "Loom ms", "base ms", "baseline", "base/Loom",
         "derivation");
  for (auto &r : rows)
    printf("%-13s %-12s %10.3f %10.3f %-10s %8.2f  %s\n", r.name.c_str(), r.size.c_str(), r.loom, r.base,
           r.baseName.c_str(), r.base / r.loom, r.params.c_str());
  return 0;
}
