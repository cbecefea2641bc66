// SPDX-License-Identifier: Apache-2.0
// loom-patterns: derive, print, emit, compile and run the pattern programs.
//   loom-patterns --list | --list-rules
//   loom-patterns PROGRAM [--derive] [--emit=cuda|opencl] [--run] [--size V=n ...]
//                 [--parts=n] [--chunk=n] [--vector=n] [--block=n] [--workgroups] [--rows=n]
//   loom-patterns PROGRAM --explore [--budget=seconds]
//   loom-patterns PROGRAM --search [--budget=seconds]   (search over rewrite sequences)
#include "loom/patterns/CodeGen.h"
#include "loom/patterns/Explore.h"
#include "loom/patterns/Programs.h"
#include "loom/patterns/Search.h"

#include <cstring>
#include <iostream>

using namespace loom::patterns;

static int usage() {
  std::cerr << "usage: loom-patterns --list | --list-rules\n"
               "       loom-patterns PROGRAM [--derive] [--emit=cuda|opencl] [--run] [--size VAR=n]...\n"
               "                     [--parts=n] [--chunk=n] [--vector=n] [--block=n] [--workgroups] [--rows=n]\n"
               "                     [--explore [--budget=s]] [--search [--budget=s]]\n";
  return 2;
}

int main(int argc, char **argv) {
  std::string prog, emit;
  bool derive = false, runIt = false, explore = false, search = false;
  double budget = 20;
  DeriveParams dp;
  CodeGenOptions cg;
  std::map<std::string, int64_t> sizes;
  auto intArg = [](const char *a, const char *name, int &out) {
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
      return false;
    out = atoi(a + n);
    return true;
  };
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--list")) {
      for (auto &p : programs())
        std::cout << p.name << ": " << p.description << "\n";
      return 0;
    }
    if (!strcmp(a, "--list-rules")) {
      for (auto &r : allRules())
        std::cout << r.family << "\t" << r.name << "\t" << r.equation << "\n";
      return 0;
    }
    if (!strcmp(a, "--derive"))
      derive = true;
    else if (!strcmp(a, "--workgroups"))
      dp.workgroups = true;
    else if (!strcmp(a, "--run"))
      runIt = derive = true;
    else if (!strcmp(a, "--explore"))
      explore = true;
    else if (!strcmp(a, "--search"))
      search = true;
    else if (!strncmp(a, "--budget=", 9))
      budget = atof(a + 9);
    else if (!strncmp(a, "--emit=", 7)) {
      emit = a + 7;
      derive = true;
      if (emit != "cuda" && emit != "opencl") {
        std::cerr << "loom-patterns: --emit takes cuda or opencl, not " << emit << "\n";
        return 2;
      }
    } else if (!strcmp(a, "--size") && i + 1 < argc) {
      std::string s = argv[++i];
      auto eq = s.find('=');
      if (eq == std::string::npos)
        return usage();
      sizes[s.substr(0, eq)] = atoll(s.c_str() + eq + 1);
    } else if (intArg(a, "--parts=", dp.parts) || intArg(a, "--rows=", dp.rows) || intArg(a, "--chunk=", dp.chunk) || intArg(a, "--vector=", dp.vector) ||
               intArg(a, "--block=", cg.blockSize)) {
    } else if (a[0] == '-') {
      std::cerr << "loom-patterns: unknown option " << a << "\n";
      return usage();
    } else
      prog = a;
  }
  if (prog.empty())
    return usage();
  const ProgramDef *d = findProgram(prog);
  if (!d) {
    std::cerr << "loom-patterns: no program " << prog << " (--list shows them)\n";
    return 2;
  }
  for (auto &[k, v] : d->testSizes)
    sizes.emplace(k, v);
  try {
    Program p = d->build();
    if (search) {
      SearchOptions so;
      so.budgetSeconds = budget;
      SearchResult r = searchRewrites(*d, sizes, so, std::cout);
      return r.ok ? 0 : 1;
    }
    if (explore) {
      ExploreOptions eo;
      eo.budgetSeconds = budget;
      ExploreResult r = explore_(*d, sizes, eo, std::cout);
      return r.ok ? 0 : 1;
    }
    std::vector<TypeP> ins;
    for (int i = 0; i < p.fun->count; ++i)
      ins.push_back(p.fun->kids[i]->type);
    TypeP t = typeCheckFun(p.fun, ins);
    if (!derive) {
      std::cout << print(p.fun) << "\n  : " << t->str() << "\n";
      return 0;
    }
    auto q = rewrite(p, d->derive(dp));
    if (!q) {
      std::cerr << "loom-patterns: the derivation of " << prog << " does not apply with these parameters\n";
      return 1;
    }
    if (!emit.empty()) {
      cg.dialect = emit == "opencl" ? Dialect::OpenCL : Dialect::CUDA;
      std::cout << generate(*q, cg).source;
      return 0;
    }
    if (!runIt) {
      std::cout << print(q->fun) << "\n";
      return 0;
    }
    std::string why = checkProgram(*d, dp, sizes, 1);
    if (!why.empty()) {
      std::cerr << "loom-patterns: " << prog << ": " << why << "\n";
      return 1;
    }
    std::cout << prog << ": derived, compiled by loomcc and run; matches the interpreter and the C++ reference\n";
    return 0;
  } catch (const Error &e) {
    std::cerr << "loom-patterns: " << e.what() << "\n";
    return 1;
  }
}
