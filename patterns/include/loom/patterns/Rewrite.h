// SPDX-License-Identifier: Apache-2.0
// Rewrite rules and strategies. A rule rewrites the root of an expression
// or does not apply (nullopt); strategies (ELEVATE's idea: Hagedorn et al.,
// "Achieving High-Performance the Functional Way", ICFP'20) compose rules
// and say where they apply, so a derivation is a short program. Every rule
// application is type-checked: a rule whose result does not type-check
// (a split size that does not divide) does not apply, and a rule whose
// result has another type than its input is a bug (Error).
#ifndef LOOM_PATTERNS_REWRITE_H
#define LOOM_PATTERNS_REWRITE_H

#include "loom/patterns/Expr.h"

namespace loom::patterns {

using Strategy = std::function<std::optional<ExprP>(const ExprP &)>;

/// Wraps a root rewrite as a rule: type-checks its input and result.
Strategy makeRule(const std::string &name, std::function<std::optional<ExprP>(const ExprP &)> fn);

namespace rules {
// Algorithmic rules (high level, any device).
Strategy splitJoin(Size n);          // map(f, x) -> join(map(map(f), split(n, x)))
Strategy mapFusion();                // map(f, map(g, x)) -> map(f . g, x)
Strategy mapFission();               // map(y => f(g(y)), x) -> map(f, map(g, x))
Strategy reduceMapFusion();          // reduceSeq(op, z, mapSeq(f, x)) -> reduceSeq((a, y) => op(a, f(y)), z, x)
Strategy reduceToPartial(Size p);    // reduce(op, z, x) -> reduce(op, z, reducePart(op, z, p, x))
Strategy partialReorder();           // reducePart(op, z, p, x) -> reducePart(op, z, p, reorder(x))
Strategy partialSplitJoin(Size q);   // reducePart(op, z, p, x) -> join(map(reducePart(op, z, q), split(m*q/p, x)))
Strategy partialToReduce();          // reducePart(op, z, 1, x) -> reduce(op, z, x)
Strategy partialIterate(int k, Size r); // reducePart(op,z,p,x) -> reducePart(op,z,p, iterate(k, join . map(reduce(op,z)) . split(r), x))
Strategy iterateDecompose(int m);    // iterate(n, f, x) -> iterate(n-m, f, iterate(m, f, x))
Strategy iterateOne();               // iterate(1, f, x) -> f(x)
Strategy iterateZero();              // iterate(0, f, x) -> x
Strategy reorderCommute();           // map(f, reorder(x)) -> reorder(map(f, x))
Strategy reorderCommuteBack();       // reorder(map(f, x)) -> map(f, reorder(x))
// Simplification.
Strategy joinSplit();                // join(split(n, x)) -> x
Strategy splitJoinId();              // split(n, join(x)) -> x      (x : [[T]_n]_m)
Strategy asScalarAsVector();         // asScalar(asVector(n, x)) -> x
Strategy asVectorAsScalar();         // asVector(n, asScalar(x)) -> x  (x : [T<n>]_m)
Strategy transposeTranspose();       // transpose(transpose(x)) -> x
Strategy mapId();                    // map(y => y, x) -> x
Strategy simplify();                 // any of the above simplifications
// Lowering rules (choices of the OpenCL/CUDA execution and memory model).
Strategy mapToSeq();                 // map(f, x) -> mapSeq(f, x)
Strategy mapToGlb(int dim = 0);      // map(f, x) -> mapGlb(f, x)
Strategy mapToWrg(int dim = 0);      // map(f, x) -> mapWrg(f, x)
Strategy mapToLcl(int dim = 0);      // map(f, x) -> mapLcl(f, x)
Strategy reduceToSeq();              // reduce(op, z, x) -> reduceSeq(op, z, x)
Strategy reorderToId();              // reorder(x) -> x
Strategy reorderToStride(Size s);    // reorder(x) -> reorderStride(s, x)
Strategy toGlobalRule();             // mapX(f, x) -> toGlobal(mapX(f, x))
Strategy toLocalRule();              // mapX(f, x) -> toLocal(mapX(f, x))
Strategy toPrivateRule();            // mapX(f, x) -> toPrivate(mapX(f, x))
Strategy copyToLocal();              // x -> toLocal(mapLcl(y => y, x))     (x an array of scalars)
Strategy copyToPrivate();            // x -> toPrivate(mapSeq(y => y, x))   (x an array of scalars)
Strategy vectorize(int n);           // map(f, x) -> asScalar(map(vectorize(n, f), asVector(n, x)))
// Tiling (loop interchange; with splitJoin, register and cache blocking).
/// join(map(x => reduceSeq(g, z, zip(.., x, ..)), X)) ->
///   join(reduceSeq((acc, t) => map(v => g(v._0, (.., v._1, ..)), zip(acc, t._i)), map(_ => z, X), zip(.., transpose(X), ..)))
/// (also map(x => join(reduceSeq(...)), X) with an array-valued reduction).
Strategy mapReduceInterchange();
} // namespace rules

/// The rules with their family and equation (for documentation, the tool's
/// --list-rules and exploration); parametrised ones take one integer.
struct RuleInfo {
  std::string name, family, equation;
  bool takesParam;
  std::function<Strategy(int)> make;
};
const std::vector<RuleInfo> &allRules();

// Strategies.
Strategy idS();                                    // always succeeds, unchanged
Strategy failS();                                  // never applies
Strategy seq(std::vector<Strategy> ss);            // s1; s2; ...  (all must apply)
Strategy lChoice(std::vector<Strategy> ss);        // the first that applies
Strategy tryS(Strategy s);                         // s or unchanged
Strategy repeat(Strategy s, int limit = 1000);     // s as often as it applies (possibly 0 times)
Strategy one(Strategy s);                          // s on the first sub-expression where it applies
Strategy all(Strategy s);                          // s on every sub-expression (all must apply)
Strategy topDown(Strategy s);                      // s at the first position, pre-order
Strategy bottomUp(Strategy s);                     // s at the first position, post-order
Strategy everywhere(Strategy s);                   // try(s) at every position, top down
Strategy normalize(Strategy s);                    // repeat(topDown(s))
Strategy atPath(std::vector<int> path, Strategy s); // s at kids[path[0]]->kids[path[1]]...
Strategy inBody(Strategy s);                       // s on a lambda's body
Strategy when(std::function<bool(const ExprP &)> pred, Strategy s); // s where pred holds
/// Applies a strategy to a program's body, then type-checks the program.
std::optional<Program> rewrite(const Program &p, const Strategy &s);

} // namespace loom::patterns

#endif
