// SPDX-License-Identifier: Apache-2.0
// Every rule and strategy: it applies where it should, not where it must
// not, and the rewritten expression computes the same as the original on
// random inputs (reference interpreter).
#include "loom/patterns/Interpreter.h"
#include "loom/patterns/Programs.h"
#include "loom/patterns/Rewrite.h"

#include <gtest/gtest.h>

using namespace loom::patterns;
using namespace loom::patterns::rules;

namespace {

Size N = Size::var("N");
ExprP addF() { return fun2([](ExprP a, ExprP b) { return call(funs::add(), {a, b}); }); }
ExprP zeroF() { return literal(0, floatT()); }
ExprP absF() { return fun1([](ExprP y) { return call(funs::absf(), {y}); }); }
ExprP sqF() { return fun1([](ExprP y) { return call(funs::mult(), {y, y}); }); }
ExprP halve() {
  return fun1([](ExprP v) { return join(map(fun1([](ExprP c) { return reduce(addF(), zeroF(), c); }), split(2, v))); });
}

/// A program over x : [float]_N (and y, same size).
Program prog(const std::function<ExprP(ExprP, ExprP)> &body) {
  auto x = param("x", arrayOf(floatT(), N)), y = param("y", arrayOf(floatT(), N));
  return Program{"t", lambda({x, y}, body(x, y))};
}

/// Applies s (somewhere, by its own traversal) to p and checks equivalence
/// on random inputs for several sizes. Returns the rewritten program.
Program checkEquivalent(const Program &p, const Strategy &s, std::vector<int64_t> sizes = {32, 64, 256}) {
  auto q = rewrite(p, s);
  EXPECT_TRUE(q.has_value()) << "does not apply to " << print(p.fun);
  if (!q)
    return p;
  EXPECT_NE(print(q->fun), print(p.fun)) << "applied but changed nothing";
  for (int64_t n : sizes)
    for (unsigned seed : {1u, 2u}) {
      std::mt19937 rng(seed * 977 + (unsigned)n);
      std::map<std::string, int64_t> env{{"N", n}};
      std::vector<Value> in = {randomValue(p.fun->kids[0]->type, env, rng), randomValue(p.fun->kids[1]->type, env, rng)};
      std::string why;
      EXPECT_TRUE(approxEqual(run(p.fun, in), run(q->fun, in), 1e-5, &why))
          << "N=" << n << ": " << why << "\n  before: " << print(p.fun) << "\n  after:  " << print(q->fun);
    }
  return *q;
}

void checkNotApplicable(const Program &p, const Strategy &s) {
  EXPECT_FALSE(rewrite(p, s).has_value()) << "applies to " << print(p.fun);
}

} // namespace

// ---- Algorithmic ----
TEST(AlgorithmicRules, SplitJoin) {
  Program q = checkEquivalent(prog([](ExprP x, ExprP) { return map(absF(), x); }), topDown(splitJoin(4)));
  EXPECT_NE(print(q.fun).find("join(map((c"), std::string::npos) << print(q.fun);
  // Not where the split cannot divide a constant size.
  auto x = param("x", arrayOf(floatT(), 10)), y = param("y", arrayOf(floatT(), 10));
  checkNotApplicable(Program{"t", lambda({x, y}, map(absF(), x))}, topDown(splitJoin(4)));
}
TEST(AlgorithmicRules, MapFusionAndFission) {
  Program fused = checkEquivalent(prog([](ExprP x, ExprP) { return map(sqF(), map(absF(), x)); }), topDown(mapFusion()));
  EXPECT_EQ(print(fused.fun).find("map((", print(fused.fun).find("map((") + 1), std::string::npos) << print(fused.fun);
  checkEquivalent(prog([](ExprP x, ExprP) { return mapSeq(sqF(), mapSeq(absF(), x)); }), topDown(mapFusion()));
  Program fused2 = checkEquivalent(prog([](ExprP x, ExprP) { return map(absF(), map(sqF(), x)); }), topDown(mapFusion()));
  Program fissioned = checkEquivalent(fused2, topDown(mapFission()));
  EXPECT_NE(print(fissioned.fun).find("map((z"), std::string::npos) << print(fissioned.fun);
  checkNotApplicable(fused, topDown(mapFission())); // y is used twice at the root
  checkNotApplicable(prog([](ExprP x, ExprP) { return mapSeq(sqF(), map(absF(), x)); }), topDown(mapFusion()));
}
TEST(AlgorithmicRules, ReduceMapFusion) {
  Program q = checkEquivalent(prog([](ExprP x, ExprP) { return reduceSeq(addF(), zeroF(), mapSeq(absF(), x)); }),
                              topDown(reduceMapFusion()));
  EXPECT_EQ(print(q.fun).find("mapSeq"), std::string::npos);
}
TEST(AlgorithmicRules, PartialReduction) {
  auto sum = [](ExprP x, ExprP) { return reduce(addF(), zeroF(), x); };
  checkEquivalent(prog(sum), topDown(reduceToPartial(4)));
  auto part = [](ExprP x, ExprP) { return reducePart(addF(), zeroF(), 4, x); };
  checkEquivalent(prog(part), topDown(partialSplitJoin(1)));
  checkEquivalent(prog(part), topDown(partialSplitJoin(2)));
  checkEquivalent(prog([](ExprP x, ExprP) { return reducePart(addF(), zeroF(), 1, x); }), topDown(partialToReduce()));
  checkEquivalent(prog([](ExprP x, ExprP) { return reducePart(addF(), zeroF(), 2, x); }), topDown(partialIterate(2, 2)));
  // A reorder changes which elements each part combines: only the total is
  // defined, so the equivalence is checked under the final reduction, with
  // the reorder lowered to a real permutation.
  checkEquivalent(prog([](ExprP x, ExprP) { return reduce(addF(), zeroF(), reducePart(addF(), zeroF(), 4, x)); }),
                  seq({topDown(partialReorder()), topDown(reorderToStride(4))}));
  // Declared properties are checked.
  ReduceProps nonComm{true, false, true}, nonAssoc{false, false, true};
  checkNotApplicable(prog([&](ExprP x, ExprP) { return reducePart(addF(), zeroF(), 4, x, nonComm); }), topDown(partialReorder()));
  checkNotApplicable(prog([&](ExprP x, ExprP) { return reduce(addF(), zeroF(), x, nonAssoc); }), topDown(reduceToPartial(4)));
}
TEST(AlgorithmicRules, Iterate) {
  auto it3 = [](ExprP x, ExprP) { return iterate(3, halve(), x); };
  checkEquivalent(prog(it3), topDown(iterateDecompose(1)));
  checkEquivalent(prog([](ExprP x, ExprP) { return iterate(1, halve(), x); }), topDown(iterateOne()));
  checkEquivalent(prog([](ExprP x, ExprP) { return iterate(0, halve(), x); }), topDown(iterateZero()));
  checkNotApplicable(prog(it3), topDown(iterateDecompose(3)));
}
TEST(AlgorithmicRules, ReorderCommutativity) {
  checkEquivalent(prog([](ExprP x, ExprP) { return map(absF(), reorder(x)); }), topDown(reorderCommute()));
  checkEquivalent(prog([](ExprP x, ExprP) { return reorder(map(absF(), x)); }), topDown(reorderCommuteBack()));
}

// ---- Simplification ----
TEST(SimplificationRules, Identities) {
  checkEquivalent(prog([](ExprP x, ExprP) { return map(absF(), join(split(4, x))); }), topDown(joinSplit()));
  checkEquivalent(prog([](ExprP x, ExprP) { return split(4, join(split(4, x))); }), topDown(splitJoinId()));
  checkNotApplicable(prog([](ExprP x, ExprP) { return split(2, join(split(4, x))); }), topDown(splitJoinId()));
  checkEquivalent(prog([](ExprP x, ExprP) { return asScalar(asVector(4, x)); }), topDown(asScalarAsVector()));
  checkEquivalent(prog([](ExprP x, ExprP) { return asVector(4, asScalar(asVector(4, x))); }), topDown(asVectorAsScalar()));
  checkEquivalent(prog([](ExprP x, ExprP) { return transpose(transpose(split(4, x))); }), topDown(transposeTranspose()));
  checkEquivalent(prog([](ExprP x, ExprP) { return map(fun1([](ExprP v) { return v; }), x); }), topDown(mapId()));
  checkEquivalent(prog([](ExprP x, ExprP) { return join(split(4, asScalar(asVector(4, x)))); }), normalize(simplify()));
}

// ---- Lowering ----
TEST(LoweringRules, Maps) {
  auto m = [](ExprP x, ExprP) { return map(absF(), x); };
  for (auto s : {mapToSeq(), mapToGlb(), mapToWrg(), mapToLcl()})
    checkEquivalent(prog(m), topDown(s));
  checkNotApplicable(prog([](ExprP x, ExprP) { return mapSeq(absF(), x); }), topDown(mapToGlb()));
}
TEST(LoweringRules, ReductionAndReorder) {
  checkEquivalent(prog([](ExprP x, ExprP) { return reduce(addF(), zeroF(), x); }), topDown(reduceToSeq()));
  checkEquivalent(prog([](ExprP x, ExprP) { return map(absF(), reorder(x)); }), topDown(reorderToId()));
  checkEquivalent(prog([](ExprP x, ExprP) { return reduce(addF(), zeroF(), reorder(x)); }), topDown(reorderToStride(8)));
}
TEST(LoweringRules, Memory) {
  auto m = [](ExprP x, ExprP) { return mapSeq(absF(), x); };
  for (auto s : {toGlobalRule(), toLocalRule(), toPrivateRule()})
    checkEquivalent(prog(m), topDown(s));
  checkNotApplicable(prog([](ExprP x, ExprP) { return map(absF(), x); }), topDown(toLocalRule()));
  checkEquivalent(prog([](ExprP x, ExprP) { return mapSeq(absF(), x); }), atPath({1}, copyToLocal()));
  checkEquivalent(prog([](ExprP x, ExprP) { return mapSeq(absF(), x); }), atPath({1}, copyToPrivate()));
}
TEST(LoweringRules, Vectorize) {
  Program q = checkEquivalent(prog([](ExprP x, ExprP) { return map(absF(), x); }), topDown(vectorize(4)));
  EXPECT_NE(print(q.fun).find("vectorize(4, absf)"), std::string::npos) << print(q.fun);
  // Scalars captured by the function broadcast.
  auto s = param("s", floatT());
  auto x = param("x", arrayOf(floatT(), N));
  Program scal{"scal", lambda({s, x}, map(fun1([&](ExprP y) { return call(funs::mult(), {s, y}); }), x))};
  auto r = rewrite(scal, topDown(vectorize(8)));
  ASSERT_TRUE(r);
  std::mt19937 rng(3);
  std::vector<Value> in = {Value::scalar(1.5), randomValue(x->type, {{"N", 64}}, rng)};
  EXPECT_TRUE(approxEqual(run(scal.fun, in), run(r->fun, in), 1e-6));
  // Not for a body that is more than user-function calls (a literal).
  checkNotApplicable(prog([](ExprP x, ExprP) {
                       return map(fun1([](ExprP y) { return call(funs::add(), {y, literal(1, floatT())}); }), x);
                     }),
                     topDown(vectorize(4)));
}

TEST(Rules, RegistryAndTypePreservation) {
  EXPECT_GE(allRules().size(), 30u);
  for (auto &r : allRules())
    EXPECT_FALSE(r.equation.empty()) << r.name;
  // A rule that changes the type is a bug, reported as an Error.
  Strategy bad = makeRule("bad", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Map)
      return std::nullopt;
    return split(2, e);
  });
  EXPECT_THROW(rewrite(prog([](ExprP x, ExprP) { return map(absF(), x); }), topDown(bad)), Error);
}

// ---- Strategies ----
TEST(Strategies, Combinators) {
  Program p = prog([](ExprP x, ExprP) { return map(absF(), map(absF(), x)); });
  // seq: both must apply.
  EXPECT_FALSE(rewrite(p, seq({topDown(mapToSeq()), topDown(reduceToSeq())})));
  Program q = checkEquivalent(p, seq({topDown(mapToSeq()), topDown(mapToGlb())}));
  EXPECT_NE(print(q.fun).find("mapSeq(") , std::string::npos);
  EXPECT_NE(print(q.fun).find("mapGlb0("), std::string::npos);
  // lChoice: the first that applies.
  Program c = checkEquivalent(p, topDown(lChoice({reduceToSeq(), mapToLcl()})));
  EXPECT_EQ(print(c.fun).find("mapLcl0"), print(c.fun).rfind("mapLcl0"));
  // tryS never fails; idS is unchanged; failS never applies.
  EXPECT_TRUE(rewrite(p, tryS(topDown(reduceToSeq()))));
  EXPECT_EQ(print(rewrite(p, idS())->fun), print(p.fun));
  EXPECT_FALSE(rewrite(p, failS()));
  // repeat/normalize: as often as it applies.
  Program all2 = checkEquivalent(p, normalize(mapToSeq()));
  EXPECT_EQ(print(all2.fun).find("map("), std::string::npos);
  // topDown rewrites the outer map, bottomUp the inner.
  EXPECT_EQ(print(checkEquivalent(p, topDown(mapToGlb())).fun).find("mapGlb0"), print(p.fun).find("map("));
  EXPECT_NE(print(checkEquivalent(p, bottomUp(mapToGlb())).fun).find("map(("), std::string::npos);
  // everywhere: at every position in one pass.
  Program e = checkEquivalent(p, everywhere(mapToSeq()));
  EXPECT_EQ(print(e.fun).find("map("), std::string::npos);
  // atPath: at exactly that position (the program body's kid 1 = inner map).
  Program a = checkEquivalent(p, atPath({1}, mapToLcl()));
  EXPECT_NE(print(a.fun).find("map((x"), std::string::npos) << print(a.fun);
  EXPECT_NE(print(a.fun).find("mapLcl0("), std::string::npos);
  EXPECT_FALSE(rewrite(p, atPath({7}, mapToLcl())));
  // one / all on the kids of the root.
  EXPECT_TRUE(rewrite(p, one(mapToSeq())));
  EXPECT_FALSE(rewrite(p, all(mapToSeq()))); // the lambda kid is no map
  // when: only where the predicate holds.
  auto inner = [](const ExprP &x) { return x->op == Op::Map && x->kids[1]->op == Op::Param; };
  Program w = checkEquivalent(p, topDown(when(inner, mapToSeq())));
  EXPECT_NE(print(w.fun).find("map((x"), std::string::npos) << print(w.fun);
  EXPECT_NE(print(w.fun).find("mapSeq((x"), std::string::npos) << print(w.fun);
  // repeat of a strategy that always applies is an error, not a hang.
  EXPECT_THROW(rewrite(p, repeat(idS(), 50)), Error);
}

TEST(Strategies, PaperDerivations) {
  for (const char *name : {"asum", "dot"}) {
    const ProgramDef *d = findProgram(name);
    Program p = d->build();
    for (int parts : {4, 16}) {
      auto q = rewrite(p, deriveReduction(parts));
      ASSERT_TRUE(q) << name;
      std::string s = print(q->fun);
      EXPECT_NE(s.find("mapGlb0"), std::string::npos) << s;
      EXPECT_NE(s.find("reorderStride(" + std::to_string(parts)), std::string::npos) << s;
      EXPECT_EQ(s.find("map("), std::string::npos) << s;
      EXPECT_EQ(s.find("reduce("), std::string::npos) << s;
      for (int64_t n : {64, 256}) {
        std::map<std::string, int64_t> env{{"N", n}};
        auto in = randomInputs(*d, p, env, 5);
        std::string why;
        EXPECT_TRUE(approxEqual(run(p.fun, in), run(q->fun, in), 1e-4, &why)) << name << " N=" << n << ": " << why;
      }
    }
  }
  Program s = findProgram("asum")->build();
  EXPECT_TRUE(rewrite(s, topDown(splitMapCommute())) == std::nullopt);
}

// ---- Tiling ----
namespace {
/// A program over A : [[float]_K]_M and B : [[float]_N]_K.
Program matProg(const std::function<ExprP(ExprP, ExprP)> &body) {
  Size M = Size::var("M"), K = Size::var("K"), Nn = Size::var("N");
  auto A = param("A", arrayOf(arrayOf(floatT(), K), M)), B = param("B", arrayOf(arrayOf(floatT(), Nn), K));
  return Program{"m", lambda({A, B}, body(A, B))};
}
ExprP dotOp() {
  return fun2([](ExprP acc, ExprP p) { return call(funs::add(), {acc, call(funs::mult(), {get(p, 0), get(p, 1)})}); },
              "acc", "p");
}
void checkMatEquivalent(const Program &p, const Program &q) {
  for (auto sz : std::vector<std::array<int64_t, 3>>{{4, 8, 12}, {8, 16, 4}, {12, 4, 8}}) {
    std::map<std::string, int64_t> env{{"M", sz[0]}, {"K", sz[1]}, {"N", sz[2]}};
    std::mt19937 rng((unsigned)(sz[0] * 31 + sz[1]));
    std::vector<Value> in = {randomValue(p.fun->kids[0]->type, env, rng), randomValue(p.fun->kids[1]->type, env, rng)};
    std::string why;
    EXPECT_TRUE(approxEqual(run(p.fun, in), run(q.fun, in), 1e-5, &why))
        << why << "\n  before: " << print(p.fun) << "\n  after:  " << print(q.fun);
  }
}
} // namespace

TEST(TilingRules, MapReduceInterchange) {
  // Rows of C = A B, each element a fold over k.
  Program p = matProg([](ExprP A, ExprP B) {
    return map(fun1([&](ExprP a) {
                 return join(map(fun1([&](ExprP b) { return reduceSeq(dotOp(), zeroF(), zip({a, b})); }), transpose(B)));
               }),
               A);
  });
  // The columns: join(map(b => reduceSeq(...zip(a, b)), B^T)) -> one fold over k of B's rows.
  auto q = rewrite(p, topDown(mapReduceInterchange()));
  ASSERT_TRUE(q);
  std::string s = print(q->fun);
  EXPECT_NE(s.find("join(reduceSeq((acc"), std::string::npos) << s;
  EXPECT_NE(s.find("transpose(transpose(B))"), std::string::npos) << s;
  checkMatEquivalent(p, *q);
  // Blocks of 4 rows: the fold over k moves outside the rows of a block (x at zip position 0).
  auto r = rewrite(*q, seq({topDown(splitJoin(4)), topDown(mapReduceInterchange())}));
  ASSERT_TRUE(r);
  s = print(r->fun);
  EXPECT_NE(s.find("zip(transpose(c"), std::string::npos) << s;
  checkMatEquivalent(p, *r);
  // And the whole derivation used for mm.
  auto d = rewrite(p, deriveRowBlocks(4));
  ASSERT_TRUE(d);
  checkMatEquivalent(p, *d);

  // Not where the mapped element is not itself an argument of the zip, or
  // the initial value depends on it, or the reduction is not over a zip.
  checkNotApplicable(matProg([](ExprP A, ExprP) {
                       return join(map(fun1([&](ExprP a) {
                                         return reduceSeq(dotOp(), zeroF(), zip({map(absF(), a), a}));
                                       }),
                                       A));
                     }),
                     topDown(mapReduceInterchange()));
  checkNotApplicable(matProg([](ExprP A, ExprP B) {
                       return map(fun1([&](ExprP a) {
                                    return join(map(fun1([&](ExprP b) {
                                                      return reduceSeq(dotOp(), index(b, literal(0, intT())), zip({a, b}));
                                                    }),
                                                    transpose(B)));
                                  }),
                                  A);
                     }),
                     topDown(mapReduceInterchange()));
  checkNotApplicable(matProg([](ExprP A, ExprP) {
                       return join(map(fun1([&](ExprP a) { return reduceSeq(addF(), zeroF(), a); }), A));
                     }),
                     topDown(mapReduceInterchange()));
}
