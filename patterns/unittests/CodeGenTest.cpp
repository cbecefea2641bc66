// SPDX-License-Identifier: Apache-2.0
// Code generation: every program, derived automatically, compiled by loomcc
// and run on Loom's runtime, matches the interpreter and plain C++; views
// cost no copies; barriers appear only where threads read what others wrote.
#include "loom/patterns/CodeGen.h"
#include "loom/patterns/Programs.h"

#include <gtest/gtest.h>

using namespace loom::patterns;

namespace {
size_t count(const std::string &s, const std::string &what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1))
    ++n;
  return n;
}
ExprP addF() { return fun2([](ExprP a, ExprP b) { return call(funs::add(), {a, b}); }); }
ExprP zeroF() { return literal(0, floatT()); }
} // namespace

class ProgramTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ProgramTest, DerivedCompiledAndChecked) {
  const ProgramDef *d = findProgram(GetParam());
  ASSERT_TRUE(d);
  EXPECT_EQ(checkProgram(*d, DeriveParams{}, d->testSizes), "");
  // Other derivation parameters and other sizes.
  std::map<std::string, int64_t> sizes;
  for (auto &[k, v] : d->testSizes)
    sizes[k] = v * 2;
  EXPECT_EQ(checkProgram(*d, DeriveParams{16, 64, 8}, sizes, 2), "");
  if (GetParam() == "mm") {
    Program derived;
    EXPECT_EQ(checkProgram(*d, DeriveParams{16, 64, 0, true}, d->testSizes, 3, &derived), "");
    std::string src = generate(derived).source;
    EXPECT_NE(src.find("<<<dim3("), std::string::npos) << src;
    EXPECT_NE(src.find("blockIdx.y"), std::string::npos) << src;
    // Register/cache blocking: rows of C per thread, the k loop outside
    // them, updated in place and vectorized within the thread.
    for (int rows : {1, 4}) {
      DeriveParams tiled;
      tiled.rows = rows;
      EXPECT_EQ(checkProgram(*d, tiled, d->testSizes, 4, &derived), "") << rows;
      EXPECT_EQ(checkProgram(*d, tiled, sizes, 5), "") << rows;
      GeneratedCode code = generate(derived);
      EXPECT_NE(code.source.find("for (int k"), std::string::npos) << code.source;
      ASSERT_EQ(code.compileFlags.size(), 1u);
      EXPECT_EQ(code.compileFlags[0], "--loom-disable=wfv");
    }
  }
  if (GetParam() == "gemvN" || GetParam() == "gemvT") {
    Program derived;
    EXPECT_EQ(checkProgram(*d, DeriveParams{16, 64, 0, true}, d->testSizes, 3, &derived), "");
    std::string src = generate(derived).source;
    EXPECT_NE(src.find("__shared__ float"), std::string::npos) << src;
    EXPECT_NE(src.find("__syncthreads();"), std::string::npos) << src;
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, ProgramTest,
                         ::testing::Values("scal", "asum", "dot", "gemvN", "gemvT", "blackScholes", "mm",
                                           "stencil2D", "md"));

TEST(CodeGenTest, ViewsAreIndexArithmetic) {
  Program p;
  auto q = rewrite(findProgram("asum")->build(), deriveReduction(8));
  ASSERT_TRUE(q);
  std::string src = generate(*q).source;
  // Two kernels (parallel partial sums, then the final sum); the reorder and
  // split are index arithmetic on the input, the only temporary is the
  // partial sums.
  EXPECT_EQ(count(src, "__global__ void"), 2u) << src;
  EXPECT_EQ(count(src, "cudaMalloc((void **)&tmp"), 1u) << src;
  EXPECT_EQ(count(src, "__syncthreads"), 0u) << src;
}

// The paper's GPU-style reduction: work-groups reduce chunks in local
// memory over iterations; barriers separate the steps but not the final
// write to global memory.
TEST(CodeGenTest, WorkgroupReductionWithLocalMemory) {
  Size N = Size::var("N");
  auto x = param("x", arrayOf(floatT(), N));
  auto absAdd = fun2([](ExprP a, ExprP y) { return call(funs::add(), {a, call(funs::absf(), {y})}); });
  auto step = fun1([](ExprP y) {
    return join(toLocal(mapLcl(fun1([](ExprP c) { return reduceSeq(addF(), zeroF(), c); }), split(2, y))));
  });
  auto group = fun1([&](ExprP chunk) {
    auto first = join(toLocal(mapLcl(fun1([&](ExprP c) { return reduceSeq(absAdd, zeroF(), c); }), split(4, chunk))));
    auto tree = iterate(3, step, first);
    return join(toGlobal(mapLcl(fun1([](ExprP c) { return reduceSeq(addF(), zeroF(), c); }), split(8, tree))));
  });
  auto partial = join(mapWrg(group, split(256, x)));
  Program p{"asumWrg", lambda({x}, reduceSeq(addF(), zeroF(), partial))};
  std::vector<TypeP> ins{x->type};
  ASSERT_EQ(typeCheckFun(p.fun, ins)->str(), "[float]_1");
  GeneratedCode code = generate(p);
  // Barriers after the first local step and each of the 3 iterations, one
  // guarded barrier between work-group iterations; none after the write to
  // global memory.
  EXPECT_EQ(count(code.source, "__syncthreads();"), 5u) << code.source;
  EXPECT_EQ(count(code.source, "__shared__ float"), 4u) << code.source;
  // The work-group size is the largest mapLcl (64 threads for 256 elements).
  EXPECT_NE(code.source.find("loom_min(loom_max(loom_max(1, 32), 64), 1024)>>>"), std::string::npos)
      << code.source;
  CompiledProgram cp = compile(code);
  for (int64_t n : {256, 2048}) {
    std::mt19937 rng(n);
    Value in = randomValue(x->type, {{"N", n}}, rng);
    std::vector<double> flat;
    flatten(in, flat);
    std::vector<double> got = cp.run({flat}, {{"N", n}});
    Value want = run(p.fun, {in});
    ASSERT_EQ(got.size(), 1u);
    EXPECT_NEAR(got[0], want.elems[0].s, 1e-3 * std::fabs(want.elems[0].s));
  }
}

TEST(CodeGenTest, OpenCLText) {
  auto q = rewrite(findProgram("scal")->build(), findProgram("scal")->derive(DeriveParams{}));
  ASSERT_TRUE(q);
  CodeGenOptions o;
  o.dialect = Dialect::OpenCL;
  std::string src = generate(*q, o).source;
  EXPECT_NE(src.find("__kernel void"), std::string::npos) << src;
  EXPECT_NE(src.find("get_group_id(0)"), std::string::npos) << src;
  EXPECT_EQ(src.find("cudaMalloc"), std::string::npos) << src;
}

TEST(CodeGenTest, UnloweredIsAnError) {
  Program p = findProgram("asum")->build();
  try {
    generate(p);
    FAIL() << "generated code for a high-level reduce";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("code generation: reduce: a high-level reduce is not lowered"), std::string::npos)
        << e.what();
  }
  auto x = param("x", arrayOf(floatT(), Size::var("N")));
  Program lcl{"l", lambda({x}, mapLcl(fun1([](ExprP y) { return y; }), x))};
  try {
    generate(lcl);
    FAIL();
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("mapLcl must be inside a mapWrg"), std::string::npos) << e.what();
  }
}

// An array accumulator is updated in place only when each step writes
// element i from element i (map over zip(acc, ...)); anything else is an
// error naming the pattern, not wrong code.
TEST(CodeGenTest, InPlaceAccumulatorMustBeElementwise) {
  auto X = param("X", arrayOf(arrayOf(floatT(), 8), Size::var("M")));
  auto body = mapGlb(fun1([](ExprP r) {
                       auto op = fun2([](ExprP acc, ExprP y) {
                         return mapSeq(fun1([&](ExprP v) { return call(funs::add(), {v, y}); }), acc);
                       });
                       return join(reduceSeq(op, mapSeq(fun1([](ExprP) { return zeroF(); }), r), r));
                     }),
                     X);
  Program p{"bad", lambda({X}, body)};
  try {
    generate(p);
    FAIL() << "generated an in-place update that is not element-wise";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("reduceSeq: an array accumulator is updated in place"), std::string::npos)
        << e.what();
  }
}

// Views in generated code index exactly as the interpreter defines them.
TEST(CodeGenTest, ViewsMatchInterpreter) {
  Size N = Size::var("N");
  auto absF = [] { return fun1([](ExprP y) { return call(funs::absf(), {y}); }); };
  std::vector<std::function<ExprP(ExprP, ExprP)>> bodies = {
      [&](ExprP x, ExprP) { return join(mapGlb(fun1([&](ExprP r) { return mapSeq(absF(), r); }), transpose(split(8, reorderStride(4, x))))); },
      [&](ExprP x, ExprP) { return asScalar(mapGlb(fun1([](ExprP v) { return call(funs::absf(), {v}, 4); }), asVector(4, x))); },
      [&](ExprP x, ExprP) { return join(mapGlb(fun1([&](ExprP r) { return mapSeq(absF(), r); }), split(N / Size(4), reorderStride(4, x)))); },
      [&](ExprP x, ExprP y) { return mapGlb(fun1([](ExprP t) { return call(funs::mult(), {get(t, 0), get(t, 1)}); }), zip({reorderStride(8, x), y})); },
      [&](ExprP x, ExprP) { return join(mapWrg(fun1([&](ExprP c) { return toGlobal(mapLcl(absF(), join(toLocal(mapLcl(fun1([&](ExprP r) { return mapSeq(absF(), r); }), split(2, c)))))); }), split(16, asScalar(asVector(2, x))))); },
  };
  for (auto &body : bodies) {
    auto x = param("x", arrayOf(floatT(), N)), y = param("y", arrayOf(floatT(), N));
    Program p{"views", lambda({x, y}, body(x, y))};
    typeCheckFun(p.fun, {x->type, y->type});
    CompiledProgram cp = compile(generate(p));
    std::mt19937 rng(9);
    std::map<std::string, int64_t> env{{"N", 128}};
    std::vector<Value> in = {randomValue(x->type, env, rng), randomValue(y->type, env, rng)};
    std::vector<std::vector<double>> flat(2);
    flatten(in[0], flat[0]);
    flatten(in[1], flat[1]);
    std::vector<double> want;
    flatten(run(p.fun, in), want);
    EXPECT_EQ(cp.run(flat, env), want) << print(p.fun);
  }
}
