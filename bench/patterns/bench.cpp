// SPDX-License-Identifier: Apache-2.0
// Pattern programs vs OpenBLAS (and BlackScholes derived for the CPU vs the
// GPU-style one-option-per-thread derivation), same run, same machine,
// medians of 5. Each program's derivation parameters are chosen by the
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
                       std::string &params) {
  ExploreOptions eo;
  eo.budgetSeconds = budget;
  std::ostringstream report;
  ExploreResult r = explore_(d, sizes, eo, report);
  if (!r.ok) {
    std::cerr << report.str();
    throw Error("no variant of " + d.name + " ran");
  }
  auto q = rewrite(d.build(), d.derive(r.best.params));
  CodeGenOptions cg;
  cg.blockSize = r.best.blockSize;
  CompiledProgram cp = compile(generate(*q, cg));
  params = "parts=" + std::to_string(r.best.params.parts) + " chunk=" + std::to_string(r.best.params.chunk) +
           " vector=" + std::to_string(r.best.params.vector) + (r.best.params.workgroups ? " workgroups" : "") +
           " block=" + std::to_string(r.best.blockSize);
  return cp.timeLaunch(in, sizes, 5, &result);
}

static void check(const char *what, const std::vector<double> &got, const std::vector<float> &want, double tol) {
  for (size_t i = 0; i < want.size(); ++i)
    if (std::fabs(got.at(i) - want[i]) > tol * std::max(1.0, std::fabs((double)want[i]))) {
      fprintf(stderr, "%s: result %zu differs: %g vs OpenBLAS %g\n", what, i, got[i], want[i]);
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
    const ProgramDef &d = *findProgram("mm");
    int64_t n = quick ? 256 : 1024;
    std::map<std::string, int64_t> sizes{{"M", n}, {"K", n}, {"N", n}};
    auto in = randomFlat(d, sizes);
    std::vector<double> got;
    Row row{"mm", std::to_string(n) + "^2", 0, 0, "OpenBLAS", ""};
    row.loom = loomTime(d, sizes, in, budget, got, row.params);
    std::vector<float> A = toF(in[0]), B = toF(in[1]), C(n * n);
    row.base = timeMs([&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0f, A.data(), (int)n, B.data(),
                  (int)n, 0.0f, C.data(), (int)n);
    });
    check("mm", got, C, 1e-3);
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
