// SPDX-License-Identifier: Apache-2.0
// The programs (each one high-level expression), their derivations as
// strategies, and plain C++ references for checking.
#include "loom/patterns/Programs.h"

#include "loom/patterns/CodeGen.h"

#include <algorithm>
#include <cmath>

namespace loom::patterns {

namespace funs {
UserFunP add() {
  static UserFunP f = userFun("add", {{"a", floatT()}, {"b", floatT()}}, floatT(), svar("a") + svar("b"));
  return f;
}
UserFunP mult() {
  static UserFunP f = userFun("mult", {{"a", floatT()}, {"b", floatT()}}, floatT(), svar("a") * svar("b"));
  return f;
}
UserFunP absf() {
  static UserFunP f = userFun("absf", {{"a", floatT()}}, floatT(), sun(SExpr::Abs, svar("a")));
  return f;
}
UserFunP axpby() {
  static UserFunP f = userFun("axpby", {{"alpha", floatT()}, {"a", floatT()}, {"beta", floatT()}, {"b", floatT()}},
                              floatT(), svar("alpha") * svar("a") + svar("beta") * svar("b"));
  return f;
}
// BlackScholes of NVIDIA's sample (one option: price S, strike X, years T;
// riskless rate R = 0.02, volatility V = 0.30), returning (call, put).
UserFunP blackScholes() {
  static UserFunP f = [] {
    auto c = sconst;
    auto S = svar("o._0"), X = svar("o._1"), T = svar("o._2");
    const double R = 0.02, V = 0.30;
    std::vector<std::pair<std::string, SExprP>> lets;
    lets.push_back({"sqrtT", sun(SExpr::Sqrt, T)});
    lets.push_back({"d1", (sun(SExpr::Log, S / X) + c(R + 0.5 * V * V) * T) / (c(V) * svar("sqrtT"))});
    lets.push_back({"d2", svar("d1") - c(V) * svar("sqrtT")});
    auto cnd = [&](const std::string &d, const std::string &out) {
      auto D = svar(d);
      lets.push_back({out + "k", c(1.0) / (c(1.0) + c(0.2316419) * sun(SExpr::Abs, D))});
      auto K = svar(out + "k");
      auto poly = K * (c(0.31938153) + K * (c(-0.356563782) + K * (c(1.781477937) + K * (c(-1.821255978) + K * c(1.330274429)))));
      lets.push_back({out + "c", c(0.39894228040143267794) * sun(SExpr::Exp, c(-0.5) * D * D) * poly});
      lets.push_back({out, sselect(sbin(SExpr::Gt, D, c(0)), c(1.0) - svar(out + "c"), svar(out + "c"))});
    };
    cnd("d1", "cndd1");
    cnd("d2", "cndd2");
    lets.push_back({"expRT", sun(SExpr::Exp, c(-R) * T)});
    lets.push_back({"_r0", S * svar("cndd1") - X * svar("expRT") * svar("cndd2")});
    lets.push_back({"_r1", X * svar("expRT") * (c(1.0) - svar("cndd2")) - S * (c(1.0) - svar("cndd1"))});
    return userFun("blackScholes", {{"o", Type::tupleT({floatT(), floatT(), floatT()})}},
                   Type::tupleT({floatT(), floatT()}), nullptr, lets);
  }();
  return f;
}
// SHOC MD's force (lj1 = 1.5, lj2 = 2, cutoff^2 = 16).
UserFunP ljForce() {
  static UserFunP f = [] {
    auto c = sconst;
    TypeP t3 = Type::tupleT({floatT(), floatT(), floatT()});
    std::vector<std::pair<std::string, SExprP>> lets = {
        {"dx", svar("p._0") - svar("q._0")},
        {"dy", svar("p._1") - svar("q._1")},
        {"dz", svar("p._2") - svar("q._2")},
        {"r2", svar("dx") * svar("dx") + svar("dy") * svar("dy") + svar("dz") * svar("dz")},
        {"r2inv", c(1.0) / svar("r2")},
        {"r6inv", svar("r2inv") * svar("r2inv") * svar("r2inv")},
        {"f", sselect(sbin(SExpr::Lt, svar("r2"), c(16.0)),
                      svar("r2inv") * svar("r6inv") * (c(1.5) * svar("r6inv") - c(2.0)), c(0.0))},
        {"_r0", svar("dx") * svar("f")},
        {"_r1", svar("dy") * svar("f")},
        {"_r2", svar("dz") * svar("f")}};
    return userFun("ljForce", {{"p", t3}, {"q", t3}}, t3, nullptr, lets);
  }();
  return f;
}
UserFunP add3() {
  static UserFunP f = [] {
    TypeP t3 = Type::tupleT({floatT(), floatT(), floatT()});
    return userFun("add3", {{"a", t3}, {"b", t3}}, t3, nullptr,
                   {{"_r0", svar("a._0") + svar("b._0")},
                    {"_r1", svar("a._1") + svar("b._1")},
                    {"_r2", svar("a._2") + svar("b._2")}});
  }();
  return f;
}
} // namespace funs

using namespace rules;

static ExprP addOp() { return fun2([](ExprP a, ExprP b) { return call(funs::add(), {a, b}); }); }
static ExprP zero() { return literal(0, floatT()); }

Strategy splitMapCommute() {
  return [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Split || e->kids[0]->op != Op::Map || e->kids[0]->mapKind != MapKind::Map)
      return std::nullopt;
    return seq({atPath({0}, splitJoin(e->n)), splitJoinId()})(e);
  };
}

Strategy lowerRest() {
  return seq({normalize(mapToSeq()), normalize(reduceToSeq()), normalize(reorderToId()), normalize(reduceMapFusion())});
}

Strategy deriveReduction(int parts) {
  return seq({topDown(reduceToPartial(parts)), topDown(partialReorder()), tryS(topDown(reorderCommuteBack())),
              topDown(partialSplitJoin(1)), topDown(partialToReduce()), tryS(topDown(splitMapCommute())),
              tryS(topDown(mapFusion())), topDown(mapToGlb()), normalize(reduceToSeq()), normalize(mapToSeq()),
              normalize(reduceMapFusion()), normalize(reorderToStride(parts))});
}

Strategy deriveRowBlocks(int rows) {
  auto isReduceSeq = [](const ExprP &e) { return e->op == Op::Reduce && e->reduceKind == ReduceKind::Seq; };
  std::vector<Strategy> ss = {normalize(reduceToSeq()),
                              // reduceSeq(op, z, map(f, x)) -> reduceSeq((a, y) => op(a, f(y)), z, x)
                              normalize(when(isReduceSeq, seq({atPath({2}, mapToSeq()), reduceMapFusion()})))};
  if (rows > 1)
    ss.push_back(topDown(splitJoin(rows))); // blocks of rows
  ss.push_back(topDown(mapReduceInterchange())); // the k loop outside the map over columns
  if (rows > 1)
    ss.push_back(topDown(mapReduceInterchange())); // ... and outside the rows of a block
  ss.push_back(normalize(transposeTranspose()));
  ss.push_back(topDown(mapToGlb()));
  ss.push_back(lowerRest());
  return seq(ss);
}

static Strategy deriveMap(const DeriveParams &p) {
  // chunk 1: one element per thread (no split), as a GPU would.
  std::vector<Strategy> ss;
  if (p.chunk > 1)
    ss.push_back(topDown(splitJoin(p.chunk)));
  ss.push_back(topDown(mapToGlb()));
  if (p.vector > 1)
    ss.push_back(tryS(topDown(vectorize(p.vector))));
  ss.push_back(lowerRest());
  return seq(ss);
}

static Strategy deriveRows(const DeriveParams &) { return seq({topDown(mapToGlb()), lowerRest()}); }

Strategy deriveRowsWorkgroup(int parts) {
  auto partialSums = [](const ExprP &e) {
    return e->op == Op::Map && e->mapKind == MapKind::Local && lambdaBody(e->kids[0])->op == Op::Reduce;
  };
  return seq({topDown(mapToWrg()), topDown(reduceToPartial(parts)), topDown(partialReorder()),
              tryS(topDown(reorderCommuteBack())), topDown(partialSplitJoin(1)), topDown(partialToReduce()),
              tryS(topDown(splitMapCommute())), tryS(topDown(mapFusion())),
              topDown(mapToLcl()),                        // the map of the row's result
              topDown(mapToLcl()),                        // the partial sums
              topDown(when(partialSums, toLocalRule())),  // ... kept in local memory
              normalize(reduceToSeq()), normalize(mapToSeq()), normalize(reduceMapFusion()),
              normalize(reorderToStride(parts))});
}

static Strategy deriveGemv(const DeriveParams &p) {
  return p.workgroups ? deriveRowsWorkgroup(p.parts) : deriveRows(p);
}

using Flat = std::vector<std::vector<double>>;
using Sizes = std::map<std::string, int64_t>;

const std::vector<ProgramDef> &programs() {
  static const std::vector<ProgramDef> all = {
      {"scal", "x -> alpha * x",
       [] {
         auto alpha = param("alpha", floatT()), x = param("x", arrayOf(floatT(), Size::var("N")));
         return Program{"scal", lambda({alpha, x}, map(fun1([&](ExprP y) { return call(funs::mult(), {alpha, y}); }), x))};
       },
       deriveMap, {{"N", 4096}},
       [](const Flat &in, const Sizes &) {
         std::vector<double> r;
         for (double v : in[1])
           r.push_back((float)(in[0][0] * v));
         return r;
       }},
      {"asum", "sum of |x_i|",
       [] {
         auto x = param("x", arrayOf(floatT(), Size::var("N")));
         return Program{"asum", lambda({x}, reduce(addOp(), zero(), map(fun1([](ExprP y) { return call(funs::absf(), {y}); }), x)))};
       },
       [](const DeriveParams &p) { return deriveReduction(p.parts); }, {{"N", 8192}},
       [](const Flat &in, const Sizes &) {
         double s = 0;
         for (double v : in[0])
           s += std::fabs(v);
         return std::vector<double>{s};
       }},
      {"dot", "sum of x_i * y_i",
       [] {
         auto x = param("x", arrayOf(floatT(), Size::var("N"))), y = param("y", arrayOf(floatT(), Size::var("N")));
         auto f = fun1([](ExprP p) { return call(funs::mult(), {get(p, 0), get(p, 1)}); });
         return Program{"dot", lambda({x, y}, reduce(addOp(), zero(), map(f, zip({x, y}))))};
       },
       [](const DeriveParams &p) { return deriveReduction(p.parts); }, {{"N", 8192}},
       [](const Flat &in, const Sizes &) {
         double s = 0;
         for (size_t i = 0; i < in[0].size(); ++i)
           s += in[0][i] * in[1][i];
         return std::vector<double>{s};
       }},
      {"gemvN", "y = alpha * A x + beta * y (A is N x M, row-major)",
       [] {
         Size N = Size::var("N"), M = Size::var("M");
         auto A = param("A", arrayOf(arrayOf(floatT(), M), N)), x = param("x", arrayOf(floatT(), M)),
              y = param("y", arrayOf(floatT(), N)), alpha = param("alpha", floatT()), beta = param("beta", floatT());
         auto row = fun1([&](ExprP t) {
           auto prod = fun1([](ExprP p) { return call(funs::mult(), {get(p, 0), get(p, 1)}); });
           auto s = reduce(addOp(), zero(), map(prod, zip({get(t, 0), x})));
           return map(fun1([&](ExprP r) { return call(funs::axpby(), {alpha, r, beta, get(t, 1)}); }), s);
         });
         return Program{"gemvN", lambda({A, x, y, alpha, beta}, join(map(row, zip({A, y}))))};
       },
       deriveGemv, {{"N", 96}, {"M", 80}},
       [](const Flat &in, const Sizes &s) {
         int64_t N = s.at("N"), M = s.at("M");
         std::vector<double> r(N);
         for (int64_t i = 0; i < N; ++i) {
           double acc = 0;
           for (int64_t j = 0; j < M; ++j)
             acc += in[0][i * M + j] * in[1][j];
           r[i] = in[3][0] * acc + in[4][0] * in[2][i];
         }
         return r;
       }},
      {"gemvT", "y = alpha * A^T x + beta * y (A is M x N, row-major)",
       [] {
         Size N = Size::var("N"), M = Size::var("M");
         auto A = param("A", arrayOf(arrayOf(floatT(), N), M)), x = param("x", arrayOf(floatT(), M)),
              y = param("y", arrayOf(floatT(), N)), alpha = param("alpha", floatT()), beta = param("beta", floatT());
         auto col = fun1([&](ExprP t) {
           auto prod = fun1([](ExprP p) { return call(funs::mult(), {get(p, 0), get(p, 1)}); });
           auto s = reduce(addOp(), zero(), map(prod, zip({get(t, 0), x})));
           return map(fun1([&](ExprP r) { return call(funs::axpby(), {alpha, r, beta, get(t, 1)}); }), s);
         });
         return Program{"gemvT", lambda({A, x, y, alpha, beta}, join(map(col, zip({transpose(A), y}))))};
       },
       deriveGemv, {{"N", 96}, {"M", 80}},
       [](const Flat &in, const Sizes &s) {
         int64_t N = s.at("N"), M = s.at("M");
         std::vector<double> r(N);
         for (int64_t j = 0; j < N; ++j) {
           double acc = 0;
           for (int64_t i = 0; i < M; ++i)
             acc += in[0][i * N + j] * in[1][i];
           r[j] = in[3][0] * acc + in[4][0] * in[2][j];
         }
         return r;
       }},
      {"blackScholes", "call and put prices of N options",
       [] {
         Size N = Size::var("N");
         auto S = param("S", arrayOf(floatT(), N)), X = param("X", arrayOf(floatT(), N)), T = param("T", arrayOf(floatT(), N));
         return Program{"blackScholes", lambda({S, X, T}, map(fun1([](ExprP o) { return call(funs::blackScholes(), {o}); }),
                                                              zip({S, X, T})))};
       },
       [](const DeriveParams &p) {
         DeriveParams q = p;
         q.vector = 0;
         return deriveMap(q);
       },
       {{"N", 2048}},
       [](const Flat &in, const Sizes &) {
         std::vector<double> r;
         auto cnd = [](double d) {
           double k = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
           double c = 0.39894228040143267794 * std::exp(-0.5 * d * d) *
                      (k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))));
           return d > 0 ? 1 - c : c;
         };
         for (size_t i = 0; i < in[0].size(); ++i) {
           double S = in[0][i], X = in[1][i], T = in[2][i], R = 0.02, V = 0.30;
           double sq = std::sqrt(T), d1 = (std::log(S / X) + (R + 0.5 * V * V) * T) / (V * sq), d2 = d1 - V * sq;
           double e = std::exp(-R * T);
           r.push_back(S * cnd(d1) - X * e * cnd(d2));
           r.push_back(X * e * (1 - cnd(d2)) - S * (1 - cnd(d1)));
         }
         return r;
       },
       1.0, 10.0},
      {"stencil2D", "3x3 box average of an N x M grid, borders clamped",
       [] {
         Size N = Size::var("N"), M = Size::var("M");
         auto A = param("A", arrayOf(arrayOf(floatT(), M), N));
         auto padCols = map(fun1([](ExprP r) { return slide(3, 1, pad(1, 1, r)); }), pad(1, 1, A));
         auto nbhs = map(fun1([](ExprP w) { return transpose(w); }), slide(3, 1, padCols));
         auto point = fun1([](ExprP nbh) {
           return map(fun1([](ExprP s) { return call(funs::mult(), {s, literal(1.0 / 9.0, floatT())}); }),
                      reduce(addOp(), zero(), join(nbh)));
         });
         return Program{"stencil2D", lambda({A}, map(fun1([&](ExprP row) { return join(map(point, row)); }), nbhs))};
       },
       deriveRows, {{"N", 40}, {"M", 56}},
       [](const Flat &in, const Sizes &s) {
         int64_t N = s.at("N"), M = s.at("M");
         auto at = [&](int64_t i, int64_t j) {
           i = std::min(std::max<int64_t>(i, 0), N - 1);
           j = std::min(std::max<int64_t>(j, 0), M - 1);
           return in[0][i * M + j];
         };
         std::vector<double> r(N * M);
         for (int64_t i = 0; i < N; ++i)
           for (int64_t j = 0; j < M; ++j) {
             double acc = 0;
             for (int di = -1; di <= 1; ++di)
               for (int dj = -1; dj <= 1; ++dj)
                 acc += at(i + di, j + dj);
             r[i * M + j] = acc / 9.0;
           }
         return r;
       }},
      {"md", "Lennard-Jones forces over a neighbour list (SHOC MD): N atoms, K neighbours each",
       [] {
         Size N = Size::var("N"), K = Size::var("K");
         auto X = param("X", arrayOf(floatT(), N)), Y = param("Y", arrayOf(floatT(), N)),
              Z = param("Z", arrayOf(floatT(), N));
         auto NL = param("NL", arrayOf(arrayOf(intT(), K), N));
         auto P = zip({X, Y, Z});
         auto add = fun2([](ExprP a, ExprP b) { return call(funs::add3(), {a, b}); });
         auto zero3 = tuple({literal(0, floatT()), literal(0, floatT()), literal(0, floatT())});
         auto atom = fun1([&](ExprP t) {
           auto force = fun1([&](ExprP j) { return call(funs::ljForce(), {get(t, 0), index(P, j)}); });
           return reduce(add, zero3, map(force, get(t, 1)));
         });
         return Program{"md", lambda({X, Y, Z, NL}, join(map(atom, zip({P, NL}))))};
       },
       deriveRows, {{"N", 64}, {"K", 16}},
       [](const Flat &in, const Sizes &s) {
         int64_t N = s.at("N"), K = s.at("K");
         std::vector<double> r(3 * N, 0.0);
         for (int64_t i = 0; i < N; ++i)
           for (int64_t k = 0; k < K; ++k) {
             int64_t j = (int64_t)in[3][i * K + k];
             double dx = in[0][i] - in[0][j], dy = in[1][i] - in[1][j], dz = in[2][i] - in[2][j];
             double r2 = dx * dx + dy * dy + dz * dz;
             if (r2 < 16.0) {
               double r2inv = 1.0 / r2, r6inv = r2inv * r2inv * r2inv;
               double f = r2inv * r6inv * (1.5 * r6inv - 2.0);
               r[3 * i] += dx * f;
               r[3 * i + 1] += dy * f;
               r[3 * i + 2] += dz * f;
             }
           }
         return r;
       },
       0.0, 10.0,
       // Atoms on a jittered grid (no two closer than 0.5), each with K
       // other atoms (never itself) as neighbours.
       [](const Sizes &s, unsigned seed) {
         int64_t N = s.at("N"), K = s.at("K");
         std::mt19937 rng(seed);
         std::uniform_real_distribution<double> jitter(-0.25, 0.25);
         std::vector<Value> x, y, z, nl;
         int64_t side = 1;
         while (side * side * side < N)
           ++side;
         for (int64_t i = 0; i < N; ++i) {
           x.push_back(Value::scalar((float)(1.5 * (i % side) + jitter(rng))));
           y.push_back(Value::scalar((float)(1.5 * ((i / side) % side) + jitter(rng))));
           z.push_back(Value::scalar((float)(1.5 * (i / (side * side)) + jitter(rng))));
           std::vector<Value> row;
           for (int64_t k = 0; k < K; ++k)
             row.push_back(Value::scalar((double)((i + 1 + k * 7) % N == i ? (i + 1) % N : (i + 1 + k * 7) % N)));
           nl.push_back(Value::array(row));
         }
         return std::vector<Value>{Value::array(x), Value::array(y), Value::array(z), Value::array(nl)};
       }},
      {"mm", "C = A B (A is M x K, B is K x N)",
       [] {
         Size M = Size::var("M"), K = Size::var("K"), N = Size::var("N");
         auto A = param("A", arrayOf(arrayOf(floatT(), K), M)), B = param("B", arrayOf(arrayOf(floatT(), N), K));
         auto prod = fun1([](ExprP p) { return call(funs::mult(), {get(p, 0), get(p, 1)}); });
         auto rowOfC = fun1([&](ExprP a) {
           return join(map(fun1([&](ExprP b) { return reduce(addOp(), zero(), map(prod, zip({a, b}))); }), transpose(B)));
         });
         return Program{"mm", lambda({A, B}, map(rowOfC, A))};
       },
       [](const DeriveParams &p) {
         // workgroups: a 2D grid, rows along y and columns along x, as a
         // CUDA programmer writes it (consecutive threads, consecutive columns).
         if (p.rows > 0)
           return deriveRowBlocks(p.rows);
         if (p.workgroups)
           return seq({topDown(mapToGlb(1)), topDown(mapToGlb(0)), lowerRest()});
         return deriveRows(p);
       }, {{"M", 24}, {"K", 40}, {"N", 32}},
       [](const Flat &in, const Sizes &s) {
         int64_t M = s.at("M"), K = s.at("K"), N = s.at("N");
         std::vector<double> r(M * N);
         for (int64_t i = 0; i < M; ++i)
           for (int64_t j = 0; j < N; ++j) {
             double acc = 0;
             for (int64_t k = 0; k < K; ++k)
               acc += in[0][i * K + k] * in[1][k * N + j];
             r[i * N + j] = acc;
           }
         return r;
       }},
  };
  return all;
}

std::vector<Value> randomInputs(const ProgramDef &d, const Program &p, const std::map<std::string, int64_t> &sizes,
                                unsigned seed) {
  if (d.makeInputs)
    return d.makeInputs(sizes, seed);
  std::mt19937 rng(seed);
  std::vector<Value> in;
  for (int i = 0; i < p.fun->count; ++i)
    in.push_back(randomValue(p.fun->kids[i]->type, sizes, rng, d.lo, d.hi));
  return in;
}

std::string checkProgram(const ProgramDef &d, const DeriveParams &params, const std::map<std::string, int64_t> &sizes,
                         unsigned seed, Program *derivedOut) {
  Program high = d.build();
  auto derived = rewrite(high, d.derive(params));
  if (!derived)
    return "the derivation does not apply";
  if (derivedOut)
    *derivedOut = *derived;
  GeneratedCode code = generate(*derived);
  validateSizes(code, sizes);
  std::vector<Value> in = randomInputs(d, high, sizes, seed);
  Value want = run(high.fun, in);
  std::string why;
  if (!approxEqual(run(derived->fun, in), want, 1e-4, &why))
    return "the derived expression differs from the high-level one: " + why;
  std::vector<std::vector<double>> flat;
  for (auto &v : in) {
    flat.emplace_back();
    flatten(v, flat.back());
  }
  std::vector<double> wantFlat;
  flatten(want, wantFlat);
  std::vector<double> ref = d.reference(flat, sizes);
  if (ref.size() != wantFlat.size())
    return "the C++ reference has " + std::to_string(ref.size()) + " results, the interpreter " +
           std::to_string(wantFlat.size());
  auto close = [](double a, double b, double tol) { return std::fabs(a - b) <= tol * std::max({1.0, std::fabs(a), std::fabs(b)}); };
  for (size_t i = 0; i < ref.size(); ++i)
    if (!close(ref[i], wantFlat[i], 1e-4))
      return "interpreter and C++ reference differ at " + std::to_string(i) + ": " + std::to_string(wantFlat[i]) +
             " vs " + std::to_string(ref[i]);
  CompiledProgram cp = compile(code);
  std::vector<double> got = cp.run(flat, sizes);
  if (got.size() != ref.size())
    return "the compiled program returned " + std::to_string(got.size()) + " values, not " + std::to_string(ref.size());
  for (size_t i = 0; i < ref.size(); ++i)
    if (!close(got[i], ref[i], 1e-3))
      return "compiled result differs at " + std::to_string(i) + ": " + std::to_string(got[i]) + " vs " +
             std::to_string(ref[i]);
  return "";
}

const ProgramDef *findProgram(const std::string &name) {
  for (auto &p : programs())
    if (p.name == name)
      return &p;
  return nullptr;
}

} // namespace loom::patterns
