// SPDX-License-Identifier: Apache-2.0
// Automatic exploration: derives a program with each combination of the
// derivation's parameters and code-generation options, compiles and times
// each variant on this CPU, and keeps the fastest; results are cached on
// disk keyed by the high-level expression, the sizes and the CPU model.
#ifndef LOOM_PATTERNS_EXPLORE_H
#define LOOM_PATTERNS_EXPLORE_H

#include "loom/patterns/CodeGen.h"
#include "loom/patterns/Programs.h"

#include <ostream>

namespace loom::patterns {

struct ExploreOptions {
  double budgetSeconds = 20; // stop trying new variants after this long
  int repetitions = 5;       // timed runs per variant (median)
  std::string cacheDir;      // default: compile()'s
};

struct Variant {
  DeriveParams params;
  int blockSize = 256;
  double medianMs = -1; // < 0: failed
  std::string note;
};

struct ExploreResult {
  bool ok = false;
  bool fromCache = false;
  Variant best;
  std::vector<Variant> tried;
};

/// Explores d at the given sizes; writes a report of what was tried to out.
ExploreResult explore_(const ProgramDef &d, const std::map<std::string, int64_t> &sizes, const ExploreOptions &o,
                       std::ostream &out);
/// e's text with parameters renamed in order of appearance (a cache key:
/// building a program twice gives the same text).
std::string canonicalText(const ExprP &e);
/// The CPU's model name (from /proc/cpuinfo), part of the cache key.
std::string cpuModel();

} // namespace loom::patterns

#endif
