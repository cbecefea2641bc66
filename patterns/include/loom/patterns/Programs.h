// SPDX-License-Identifier: Apache-2.0
// The programs of the Lift paper's evaluation and more, each one high-level
// expression, with the user functions they use and the derivations
// (strategies) that lower them for Loom's CPU back end.
#ifndef LOOM_PATTERNS_PROGRAMS_H
#define LOOM_PATTERNS_PROGRAMS_H

#include "loom/patterns/Interpreter.h"
#include "loom/patterns/Rewrite.h"

namespace loom::patterns {

namespace funs {
UserFunP add();   // (a, b) => a + b
UserFunP mult();  // (a, b) => a * b
UserFunP absf();  // (a) => |a|
UserFunP axpby(); // (alpha, a, beta, b) => alpha * a + beta * b
UserFunP blackScholes(); // (S) => (call, put), the paper's BlackScholes
UserFunP ljForce();      // (p, q) => Lennard-Jones force on p from q (SHOC MD), 3-tuples
UserFunP add3();         // (a, b) => a + b on 3-tuples
} // namespace funs

/// Parameters a derivation takes (exploration varies them).
struct DeriveParams {
  int parts = 64;  // partial results of a reduction (threads that reduce)
  int chunk = 256; // elements per thread of a map (split size)
  int vector = 4;  // vector width (0 = do not vectorize)
  bool workgroups = false; // gemv: a work-group per row, its threads share the row
  int rows = 0;    // mm: rows of the result per thread, k loop outside (0 = untiled)
};

struct ProgramDef {
  std::string name, description;
  std::function<Program()> build; // the high-level expression
  std::function<Strategy(const DeriveParams &)> derive;
  /// Sizes for tests (small) and for benchmarks.
  std::map<std::string, int64_t> testSizes;
  /// A plain C++ implementation on the flattened inputs (the second reference).
  std::function<std::vector<double>(const std::vector<std::vector<double>> &, const std::map<std::string, int64_t> &)> reference;
  double lo = -1, hi = 1; // range of the random inputs
  /// Inputs that are not uniform random numbers (neighbour lists), if any.
  std::function<std::vector<Value>(const std::map<std::string, int64_t> &, unsigned)> makeInputs;
};

/// Random inputs for p at the given sizes (as interpreter values).
std::vector<Value> randomInputs(const ProgramDef &d, const Program &p, const std::map<std::string, int64_t> &sizes,
                                unsigned seed);
/// Derives p, generates and compiles it, runs it on random inputs and
/// compares with the interpreter and the C++ reference; returns "" or what
/// differed. The derived program is stored in *derived if given.
std::string checkProgram(const ProgramDef &d, const DeriveParams &params, const std::map<std::string, int64_t> &sizes,
                         unsigned seed = 1, Program *derived = nullptr);

const std::vector<ProgramDef> &programs();
const ProgramDef *findProgram(const std::string &name);

// Reusable derived rules (strategies built from rules).
/// split(n, map(f, x)) -> map(map(f), split(n, x))  (splitJoin then splitJoinId)
Strategy splitMapCommute();
/// The reduction derivation of the paper (asum, dot): reduce(op, z, map(f, x)) ->
///   reduceSeq(op, z, join(mapGlb(c => reduceSeq((a, y) => op(a, f(y)), z, c), split(N/p, reorderStride(p, x)))))
Strategy deriveReduction(int parts);
/// The paper's gemv derivation: a work-group per row; its `parts` threads
/// each sum a strided slice of the row's products into local memory, then
/// the partial sums are added and one thread writes the result.
Strategy deriveRowsWorkgroup(int parts);
/// Register/cache blocking of a map of dot products (mm): each thread owns
/// `rows` whole rows of the result and runs the k loop outside them,
/// updating the rows in place (the host compiler vectorizes the row loop):
///   join(mapGlb0(rs => join(reduceSeq((acc, t) => mapSeq(w => mapSeq(v => add(v._0, mult(w._1, v._1)),
///        zip(w._0, t._1)), zip(acc, t._0)), <zeros>, zip(transpose(rs), B))), split(rows, A)))
Strategy deriveRowBlocks(int rows);
/// Everything not yet lowered: maps to mapSeq, reductions to reduceSeq, reorders away.
Strategy lowerRest();

} // namespace loom::patterns

#endif
