// SPDX-License-Identifier: Apache-2.0
// Search over rewrite sequences: starting from a program's high-level
// expression, a beam search applies rules (with parameters such as split
// sizes) at every position where they apply, completes each expression into
// a lowered one, compiles and times it on this CPU, and keeps the fastest
// few at each depth. Unlike Explore.h, which varies the parameters of a
// hand-written derivation, the derivation itself is what is searched. The
// best sequence is cached on disk keyed by the expression, sizes and CPU.
#ifndef LOOM_PATTERNS_SEARCH_H
#define LOOM_PATTERNS_SEARCH_H

#include "loom/patterns/CodeGen.h"
#include "loom/patterns/Programs.h"

#include <ostream>

namespace loom::patterns {

struct SearchOptions {
  double budgetSeconds = 60;           // no new candidate is timed after this long
  int depth = 4;                       // rewrite steps at most
  int beam = 3;                        // expressions kept (the fastest) at each depth
  int repetitions = 3;                 // timed runs per candidate (median)
  std::vector<int> splitSizes = {4, 8, 64}; // parameters of splitJoin
  std::vector<int> blockSizes = {16, 64};   // launch shapes tried for each expression
  std::string cacheDir;                // compiled candidates; default: compile()'s
  std::string resultDir;               // the cached best sequence; default: cacheDir's
};

/// One rewrite step: a move (a rule, possibly with its parameter) applied at
/// a position of the program's body (kid indices from the root).
struct SearchStep {
  std::string move;
  std::vector<int> path;
  std::string str() const;
};

struct SearchCandidate {
  std::vector<SearchStep> steps; // empty for the default derivation
  bool isDefault = false;        // the program's own derivation with default parameters
  int blockSize = 64;
  double medianMs = -1;          // < 0: failed or not run
  std::string note;
  std::string expr;              // the lowered expression
};

struct SearchResult {
  bool ok = false;
  bool fromCache = false;
  SearchCandidate best;
  SearchCandidate baseline; // the default derivation, timed in the same run
  std::vector<SearchCandidate> tried;
};

/// The moves the search applies, by name (also used to replay a cached sequence).
std::vector<std::string> searchMoves(const SearchOptions &o);
/// Applies the steps to p's body, then completes it: simplifications, a
/// mapGlb over the outermost map if nothing is parallel yet, and every
/// remaining high-level pattern lowered to its sequential form.
std::optional<Program> applySteps(const Program &p, const std::vector<SearchStep> &steps);
/// Searches rewrite sequences for d at the given sizes; writes a report of
/// every candidate to out.
SearchResult searchRewrites(const ProgramDef &d, const std::map<std::string, int64_t> &sizes, const SearchOptions &o,
                            std::ostream &out);

} // namespace loom::patterns

#endif
