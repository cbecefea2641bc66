// SPDX-License-Identifier: Apache-2.0
// Size simplification, type checking and its diagnostics, printing.
#include "loom/patterns/Expr.h"
#include "loom/patterns/Programs.h"

#include <gtest/gtest.h>

using namespace loom::patterns;

static Size N = Size::var("N"), M = Size::var("M");

TEST(SizeTest, Simplifies) {
  EXPECT_EQ(N / Size(4) * Size(4), N);
  EXPECT_EQ((N * M) / M, N);
  EXPECT_EQ(N + N, Size(2) * N);
  EXPECT_EQ(N - N, Size(0));
  EXPECT_NE(N * M, N + M);
  EXPECT_EQ((N / Size(4)).str(), "N/4");
  EXPECT_EQ((N * M).str(), "M*N");
  EXPECT_EQ(Size(12).constant(), 12);
  Rational r;
  EXPECT_TRUE((N / Size(8)).ratioTo(N, r));
  EXPECT_EQ(r, Rational(1, 8));
  EXPECT_FALSE((N * M).ratioTo(N, r));
}

TEST(SizeTest, Evaluates) {
  EXPECT_EQ((N / Size(4) + M).eval({{"N", 16}, {"M", 3}}), 7);
  EXPECT_THROW((N / Size(4)).eval({{"N", 6}}), Error);   // does not divide
  EXPECT_THROW(N.eval({}), Error);                       // unbound
  EXPECT_THROW(N / (N + M), Error);                      // division by a sum
}

static TypeP fa(Size n) { return arrayOf(floatT(), n); }

TEST(TypeCheckTest, InfersPatternTypes) {
  auto x = param("x", fa(N));
  EXPECT_EQ(typeCheck(split(4, x))->str(), "[[float]_4]_(N/4)");
  EXPECT_EQ(typeCheck(join(split(4, x)))->str(), "[float]_(N)");
  EXPECT_EQ(typeCheck(asVector(4, x))->str(), "[float4]_(N/4)");
  EXPECT_EQ(typeCheck(asScalar(asVector(4, x)))->str(), "[float]_(N)");
  auto A = param("A", arrayOf(fa(M), N));
  EXPECT_EQ(typeCheck(transpose(A))->str(), "[[float]_(N)]_(M)");
  auto y = param("y", fa(N));
  EXPECT_EQ(typeCheck(zip({x, y}))->str(), "[(float, float)]_(N)");
  auto add = fun2([](ExprP a, ExprP b) { return call(funs::add(), {a, b}); });
  EXPECT_EQ(typeCheck(reduce(add, literal(0, floatT()), x))->str(), "[float]_1");
  EXPECT_EQ(typeCheck(reducePart(add, literal(0, floatT()), 8, x))->str(), "[float]_8");
  auto halve = fun1([&](ExprP v) { return join(map(fun1([&](ExprP c) { return reduce(add, literal(0, floatT()), c); }), split(2, v))); });
  EXPECT_EQ(typeCheck(iterate(3, halve, x))->str(), "[float]_(N/8)");
  EXPECT_EQ(typeCheck(slide(3, 1, pad(1, 1, x)))->str(), "[[float]_3]_(N)");
  EXPECT_EQ(typeCheck(slide(4, 2, x))->str(), "[[float]_4]_(N/2-1)");
}

// Diagnostics: which pattern, which sizes or types.
static std::string errorOf(const ExprP &e) {
  try {
    typeCheck(e);
  } catch (const Error &err) {
    return err.what();
  }
  return "";
}

TEST(TypeCheckTest, ZipSizesDisagree) {
  auto x = param("x", fa(N)), y = param("y", fa(M));
  std::string msg = errorOf(zip({x, y}));
  EXPECT_NE(msg.find("type error in zip: argument 1 has N elements but argument 2 has M"), std::string::npos) << msg;
}

TEST(TypeCheckTest, SplitDoesNotDivide) {
  auto x = param("x", fa(10));
  std::string msg = errorOf(split(4, x));
  EXPECT_NE(msg.find("type error in split: chunk size 4 does not divide the array size 10"), std::string::npos) << msg;
}

TEST(TypeCheckTest, UserFunctionArgument) {
  auto x = param("x", arrayOf(intT(), N));
  std::string msg = errorOf(map(fun1([](ExprP v) { return call(funs::absf(), {v}); }), x));
  EXPECT_NE(msg.find("type error in absf: argument 1 (a) of absf has type int but float is expected"), std::string::npos) << msg;
}

TEST(TypeCheckTest, SlideDoesNotTile) {
  std::string msg = errorOf(slide(3, 2, param("x", fa(10))));
  EXPECT_NE(msg.find("type error in slide: windows of 3 every 2 do not tile 10 elements"), std::string::npos) << msg;
}

TEST(TypeCheckTest, IndexMustBeInt) {
  auto x = param("x", fa(N));
  std::string msg = errorOf(map(fun1([&](ExprP i) { return index(x, i); }), x));
  EXPECT_NE(msg.find("type error in index: the index must be an int, not float"), std::string::npos) << msg;
}

TEST(TypeCheckTest, JoinOfFlatArray) {
  std::string msg = errorOf(join(param("x", fa(N))));
  EXPECT_NE(msg.find("type error in join: its input must be an array of arrays, not [float]_(N)"), std::string::npos) << msg;
}

TEST(TypeCheckTest, ReduceInitialValue) {
  auto add = fun2([](ExprP a, ExprP b) { return call(funs::add(), {a, b}); });
  std::string msg = errorOf(reduce(add, literal(0, intT()), param("x", fa(N))));
  EXPECT_NE(msg.find("type error in reduce: the initial value has type int but the elements have type float"), std::string::npos) << msg;
}

TEST(TypeCheckTest, IterateMustScale) {
  auto x = param("x", fa(N));
  auto grow = fun1([](ExprP v) { return zip({v, v}); });
  std::string msg = errorOf(iterate(2, grow, x));
  EXPECT_NE(msg.find("type error in iterate: the function must map [T]_m to [T]_(c*m)"), std::string::npos) << msg;
}

TEST(TypeCheckTest, AsVectorOfVectors) {
  std::string msg = errorOf(asVector(4, asVector(4, param("x", fa(N)))));
  EXPECT_NE(msg.find("type error in asVector: its input must be an array of scalars"), std::string::npos) << msg;
}

TEST(TypeCheckTest, UntypedParameter) {
  std::string msg = errorOf(map(fun1([](ExprP v) { return v; }), param("q")));
  EXPECT_NE(msg.find("parameter q has no type"), std::string::npos) << msg;
}

TEST(PrintTest, LiftNotation) {
  auto x = param("x", fa(N));
  EXPECT_EQ(print(join(split(4, reorderStride(8, x)))), "join(split(4, reorderStride(8, x)))");
  auto p = findProgram("asum")->build();
  EXPECT_NE(print(p.fun).find("reduce((a"), std::string::npos) << print(p.fun);
}
