// SPDX-License-Identifier: Apache-2.0
// The reference interpreter's semantics of each pattern on small values.
#include "loom/patterns/Interpreter.h"
#include "loom/patterns/Programs.h"

#include <gtest/gtest.h>

using namespace loom::patterns;

static Value iota(int n) {
  std::vector<Value> v;
  for (int i = 0; i < n; ++i)
    v.push_back(Value::scalar(i));
  return Value::array(v);
}
static std::string evalStr(const std::function<ExprP(ExprP)> &body, int n) {
  auto x = param("x", arrayOf(floatT(), n));
  return run(lambda({x}, body(x)), {iota(n)}).str();
}
static ExprP addF() { return fun2([](ExprP a, ExprP b) { return call(funs::add(), {a, b}); }); }
static ExprP zeroF() { return literal(0, floatT()); }

TEST(InterpreterTest, Views) {
  EXPECT_EQ(evalStr([](ExprP x) { return split(2, x); }, 6), "[[0, 1], [2, 3], [4, 5]]");
  EXPECT_EQ(evalStr([](ExprP x) { return join(split(3, x)); }, 6), "[0, 1, 2, 3, 4, 5]");
  EXPECT_EQ(evalStr([](ExprP x) { return reorderStride(2, x); }, 6), "[0, 2, 4, 1, 3, 5]");
  EXPECT_EQ(evalStr([](ExprP x) { return transpose(split(3, x)); }, 6), "[[0, 3], [1, 4], [2, 5]]");
  EXPECT_EQ(evalStr([](ExprP x) { return asVector(2, x); }, 4), "[<0, 1>, <2, 3>]");
  EXPECT_EQ(evalStr([](ExprP x) { return asScalar(asVector(2, x)); }, 4), "[0, 1, 2, 3]");
  EXPECT_EQ(evalStr([](ExprP x) { return zip({x, x}); }, 2), "[(0, 0), (1, 1)]");
  EXPECT_EQ(evalStr([](ExprP x) { return slide(3, 1, x); }, 4), "[[0, 1, 2], [1, 2, 3]]");
  EXPECT_EQ(evalStr([](ExprP x) { return slide(2, 2, x); }, 4), "[[0, 1], [2, 3]]");
  EXPECT_EQ(evalStr([](ExprP x) { return pad(1, 2, x); }, 3), "[0, 0, 1, 2, 2, 2]");
  EXPECT_EQ(evalStr([](ExprP x) { return map(fun1([](ExprP t) { return get(t, 1); }), zip({x, split(1, x)})); }, 2),
            "[[0], [1]]");
}

TEST(InterpreterTest, Computations) {
  EXPECT_EQ(evalStr([](ExprP x) { return map(fun1([](ExprP y) { return call(funs::mult(), {y, y}); }), x); }, 4),
            "[0, 1, 4, 9]");
  EXPECT_EQ(evalStr([](ExprP x) { return reduce(addF(), zeroF(), x); }, 5), "[10]");
  EXPECT_EQ(evalStr([](ExprP x) { return reduceSeq(addF(), zeroF(), x); }, 5), "[10]");
  EXPECT_EQ(evalStr([](ExprP x) { return reducePart(addF(), zeroF(), 2, x); }, 6), "[3, 12]");
  auto halve = fun1([](ExprP v) {
    return join(map(fun1([](ExprP c) { return reduce(addF(), zeroF(), c); }), split(2, v)));
  });
  EXPECT_EQ(evalStr([&](ExprP x) { return iterate(2, halve, x); }, 8), "[6, 22]");
  EXPECT_EQ(evalStr([&](ExprP x) { return iterate(0, halve, x); }, 2), "[0, 1]");
  EXPECT_EQ(evalStr([](ExprP x) { return toLocal(mapLcl(fun1([](ExprP y) { return y; }), x)); }, 3), "[0, 1, 2]");
  // A vectorized user function applies lane by lane; scalars broadcast.
  EXPECT_EQ(evalStr([](ExprP x) {
              return map(fun1([](ExprP v) { return call(funs::mult(), {v, literal(2, floatT())}, 2); }), asVector(2, x));
            }, 4),
            "[<0, 2>, <4, 6>]");
}

TEST(InterpreterTest, UserFunctionWithTuples) {
  auto S = Value::scalar(10), X = Value::scalar(12), T = Value::scalar(1);
  Value r = callUserFun(*funs::blackScholes(), {Value::tuple({S, X, T})});
  ASSERT_EQ(r.kind, Value::Tuple);
  // Put-call parity: C - P = S - X e^{-RT}.
  EXPECT_NEAR(r.elems[0].s - r.elems[1].s, 10 - 12 * std::exp(-0.02), 1e-4);
}

TEST(InterpreterTest, Gather) {
  auto x = param("x", arrayOf(floatT(), 4)), ix = param("ix", arrayOf(intT(), 3));
  ExprP g = lambda({x, ix}, map(fun1([&](ExprP i) { return index(x, i); }), ix));
  std::vector<Value> idx = {Value::scalar(3), Value::scalar(0), Value::scalar(3)};
  EXPECT_EQ(run(g, {iota(4), Value::array(idx)}).str(), "[3, 0, 3]");
  idx[1] = Value::scalar(4);
  EXPECT_THROW(run(g, {iota(4), Value::array(idx)}), Error); // outside the array
}

TEST(InterpreterTest, BadSizesAreErrors) {
  EXPECT_THROW(evalStr([](ExprP x) { return split(4, x); }, 6), Error);
  EXPECT_THROW(evalStr([](ExprP x) { return asVector(4, x); }, 6), Error);
}
