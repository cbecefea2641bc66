// SPDX-License-Identifier: Apache-2.0
// The rewrite rules of Lift (Steuwer et al., ICFP'15, figures 4-6), each a
// small function rewriting the root of an expression, with its equation.
// Notation: x : [T]_m is the input array; op is a reduction's operator and z
// its initial value; "f . g" is y => f(g(y)).
#include "loom/patterns/Rewrite.h"

namespace loom::patterns {

Strategy makeRule(const std::string &name, std::function<std::optional<ExprP>(const ExprP &)> fn) {
  return [name, fn](const ExprP &e) -> std::optional<ExprP> {
    if (e->op == Op::Lambda || (e->op == Op::Param && !e->type))
      return std::nullopt;
    TypeP before = e->type;
    if (!before) {
      try {
        before = typeCheck(e);
      } catch (const Error &) {
        return std::nullopt;
      }
    }
    std::optional<ExprP> r;
    try {
      r = fn(e);
    } catch (const Error &) {
      return std::nullopt; // parameters that make no sense here (a zero size)
    }
    if (!r)
      return std::nullopt;
    TypeP after;
    try {
      after = typeCheck(*r);
    } catch (const Error &) {
      return std::nullopt; // e.g. a split size that does not divide
    }
    if (!typeEqual(before, after))
      throw Error("rule " + name + " changed the type " + before->str() + " to " + after->str() + " in " +
                  print(e));
    return r;
  };
}

namespace rules {
namespace {

bool isMap(const ExprP &e, MapKind k) { return e->op == Op::Map && e->mapKind == k; }
bool isHighReduce(const ExprP &e) { return e->op == Op::Reduce && e->reduceKind == ReduceKind::Reduce; }
bool contains(const ExprP &e, const ExprP &p) {
  if (e == p)
    return true;
  for (auto &k : e->kids)
    if (contains(k, p))
      return true;
  return false;
}
/// y => f(g(y))
ExprP compose(const ExprP &f, const ExprP &g) {
  return fun1([&](ExprP y) { return apply(f, {apply(g, {y})}); }, "y");
}
Size sizeOf(const ExprP &x) { return x->type->size; }
ExprP freshParam(const std::string &name) {
  ExprP p = param(name);
  std::const_pointer_cast<Node>(p)->name = name + std::to_string(p->id);
  return p;
}

} // namespace

// ---- Algorithmic rules --------------------------------------------------------

// map(f, x) = join(map(c => map(f, c), split(n, x)))
Strategy splitJoin(Size n) {
  return makeRule("splitJoin", [n](const ExprP &e) -> std::optional<ExprP> {
    if (!isMap(e, MapKind::Map))
      return std::nullopt;
    ExprP f = e->kids[0];
    return join(map(fun1([&](ExprP c) { return map(f, c); }, "c"), split(n, e->kids[1])));
  });
}

// map(f, map(g, x)) = map(f . g, x)      (also mapSeq(f, mapSeq(g, x)))
Strategy mapFusion() {
  return makeRule("mapFusion", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Map || (e->mapKind != MapKind::Map && e->mapKind != MapKind::Seq))
      return std::nullopt;
    const ExprP &inner = e->kids[1];
    if (inner->op != Op::Map || inner->mapKind != e->mapKind)
      return std::nullopt;
    return map(compose(e->kids[0], inner->kids[0]), inner->kids[1], e->mapKind);
  });
}

// map(y => F[g(y)], x) = map(z => F[z], map(y => g(y), x))
//   where g(y) is the one operand of the body's root that uses y.
Strategy mapFission() {
  return makeRule("mapFission", [](const ExprP &e) -> std::optional<ExprP> {
    if (!isMap(e, MapKind::Map))
      return std::nullopt;
    const ExprP &f = e->kids[0];
    const ExprP &y = f->kids[0];
    const ExprP &body = lambdaBody(f);
    if (body->op == Op::Lambda || body == y)
      return std::nullopt;
    int which = -1;
    for (size_t i = 0; i < body->kids.size(); ++i)
      if (contains(body->kids[i], y)) {
        if (which >= 0 || body->kids[i]->op == Op::Lambda)
          return std::nullopt;
        which = (int)i;
      }
    if (which < 0 || body->kids[which] == y)
      return std::nullopt;
    ExprP g = lambda({y}, body->kids[which]);
    ExprP z = freshParam("z");
    std::vector<ExprP> kids = body->kids;
    kids[which] = z;
    return map(lambda({z}, withKids(body, kids)), map(g, e->kids[1]));
  });
}

// reduceSeq(op, z, mapSeq(f, x)) = reduceSeq((a, y) => op(a, f(y)), z, x)
Strategy reduceMapFusion() {
  return makeRule("reduceMapFusion", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Reduce || e->reduceKind != ReduceKind::Seq || !isMap(e->kids[2], MapKind::Seq))
      return std::nullopt;
    ExprP op = e->kids[0], f = e->kids[2]->kids[0];
    ExprP fused = fun2([&](ExprP a, ExprP y) { return apply(op, {a, apply(f, {y})}); }, "acc", "y");
    return reduceSeq(fused, e->kids[1], e->kids[2]->kids[1], e->props);
  });
}

// reduce(op, z, x) = reduce(op, z, reducePart(op, z, p, x))
//   needs op associative and z its neutral element.
Strategy reduceToPartial(Size p) {
  return makeRule("reduceToPartial", [p](const ExprP &e) -> std::optional<ExprP> {
    if (!isHighReduce(e) || !e->props.associative || !e->props.identity)
      return std::nullopt;
    return reduce(e->kids[0], e->kids[1], reducePart(e->kids[0], e->kids[1], p, e->kids[2], e->props), e->props);
  });
}

// reducePart(op, z, p, x) = reducePart(op, z, p, reorder(x))
//   needs op commutative (and associative): the parts combine other elements.
Strategy partialReorder() {
  return makeRule("partialReorder", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::ReducePart || !e->props.commutative || !e->props.associative || !e->props.identity ||
        e->kids[2]->op == Op::Reorder || e->kids[2]->op == Op::ReorderStride)
      return std::nullopt;
    return reducePart(e->kids[0], e->kids[1], e->n, reorder(e->kids[2]), e->props);
  });
}

// reducePart(op, z, p, x) = join(map(c => reducePart(op, z, q, c), split(m*q/p, x)))
Strategy partialSplitJoin(Size q) {
  return makeRule("partialSplitJoin", [q](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::ReducePart)
      return std::nullopt;
    ExprP op = e->kids[0], z = e->kids[1];
    ReduceProps props = e->props;
    Size chunk = sizeOf(e->kids[2]) * q / e->n;
    return join(map(fun1([&](ExprP c) { return reducePart(op, z, q, c, props); }, "c"), split(chunk, e->kids[2])));
  });
}

// reducePart(op, z, 1, x) = reduce(op, z, x)
Strategy partialToReduce() {
  return makeRule("partialToReduce", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::ReducePart || !(e->n == Size(1)))
      return std::nullopt;
    return reduce(e->kids[0], e->kids[1], e->kids[2], e->props);
  });
}

// reducePart(op, z, p, x) =
//   reducePart(op, z, p, iterate(k, y => join(map(c => reduce(op, z, c), split(r, y))), x))
//   needs op associative and z neutral (each round sums r neighbours).
Strategy partialIterate(int k, Size r) {
  return makeRule("partialIterate", [k, r](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::ReducePart || !e->props.associative || !e->props.identity || k < 1)
      return std::nullopt;
    ExprP op = e->kids[0], z = e->kids[1];
    ReduceProps props = e->props;
    ExprP step = fun1(
        [&](ExprP y) { return join(map(fun1([&](ExprP c) { return reduce(op, z, c, props); }, "c"), split(r, y))); },
        "y");
    return reducePart(op, z, e->n, iterate(k, step, e->kids[2]), props);
  });
}

// iterate(n, f, x) = iterate(n - m, f, iterate(m, f, x))     (0 < m < n)
Strategy iterateDecompose(int m) {
  return makeRule("iterateDecompose", [m](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Iterate || m <= 0 || m >= e->count)
      return std::nullopt;
    return iterate(e->count - m, e->kids[0], iterate(m, e->kids[0], e->kids[1]));
  });
}

// iterate(1, f, x) = f(x)
Strategy iterateOne() {
  return makeRule("iterateOne", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Iterate || e->count != 1)
      return std::nullopt;
    return apply(e->kids[0], {e->kids[1]});
  });
}

// iterate(0, f, x) = x
Strategy iterateZero() {
  return makeRule("iterateZero", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Iterate || e->count != 0)
      return std::nullopt;
    return e->kids[1];
  });
}

// map(f, reorder(x)) = reorder(map(f, x))
Strategy reorderCommute() {
  return makeRule("reorderCommute", [](const ExprP &e) -> std::optional<ExprP> {
    if (!isMap(e, MapKind::Map) || e->kids[1]->op != Op::Reorder)
      return std::nullopt;
    return reorder(map(e->kids[0], e->kids[1]->kids[0]));
  });
}

// reorder(map(f, x)) = map(f, reorder(x))
Strategy reorderCommuteBack() {
  return makeRule("reorderCommuteBack", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Reorder || !isMap(e->kids[0], MapKind::Map))
      return std::nullopt;
    return map(e->kids[0]->kids[0], reorder(e->kids[0]->kids[1]));
  });
}

// ---- Simplification -------------------------------------------------------------

// join(split(n, x)) = x
Strategy joinSplit() {
  return makeRule("joinSplit", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Join || e->kids[0]->op != Op::Split)
      return std::nullopt;
    return e->kids[0]->kids[0];
  });
}

// split(n, join(x)) = x     when x : [[T]_n]_m
Strategy splitJoinId() {
  return makeRule("splitJoinId", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Split || e->kids[0]->op != Op::Join)
      return std::nullopt;
    const ExprP &x = e->kids[0]->kids[0];
    if (!x->type || x->type->elem->size != e->n)
      return std::nullopt;
    return x;
  });
}

// asScalar(asVector(n, x)) = x
Strategy asScalarAsVector() {
  return makeRule("asScalarAsVector", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::AsScalar || e->kids[0]->op != Op::AsVector)
      return std::nullopt;
    return e->kids[0]->kids[0];
  });
}

// asVector(n, asScalar(x)) = x     when x : [T<n>]_m
Strategy asVectorAsScalar() {
  return makeRule("asVectorAsScalar", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::AsVector || e->kids[0]->op != Op::AsScalar)
      return std::nullopt;
    const ExprP &x = e->kids[0]->kids[0];
    if (!x->type || x->type->elem->kind != Type::Vector || Size(x->type->elem->width) != e->n)
      return std::nullopt;
    return x;
  });
}

// transpose(transpose(x)) = x
Strategy transposeTranspose() {
  return makeRule("transposeTranspose", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Transpose || e->kids[0]->op != Op::Transpose)
      return std::nullopt;
    return e->kids[0]->kids[0];
  });
}

// map(y => y, x) = x
Strategy mapId() {
  return makeRule("mapId", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Map || lambdaBody(e->kids[0]) != e->kids[0]->kids[0])
      return std::nullopt;
    return e->kids[1];
  });
}

Strategy simplify() {
  return lChoice({joinSplit(), splitJoinId(), asScalarAsVector(), asVectorAsScalar(), transposeTranspose(), mapId()});
}

// ---- Lowering -------------------------------------------------------------------------

static Strategy lowerMap(const char *name, MapKind k, int dim) {
  return makeRule(name, [k, dim](const ExprP &e) -> std::optional<ExprP> {
    if (!isMap(e, MapKind::Map))
      return std::nullopt;
    return map(e->kids[0], e->kids[1], k, dim);
  });
}
// map(f, x) = mapSeq(f, x)
Strategy mapToSeq() { return lowerMap("mapToSeq", MapKind::Seq, 0); }
// map(f, x) = mapGlb_d(f, x)
Strategy mapToGlb(int dim) { return lowerMap("mapToGlb", MapKind::Global, dim); }
// map(f, x) = mapWrg_d(f, x)
Strategy mapToWrg(int dim) { return lowerMap("mapToWrg", MapKind::Workgroup, dim); }
// map(f, x) = mapLcl_d(f, x)
Strategy mapToLcl(int dim) { return lowerMap("mapToLcl", MapKind::Local, dim); }

// reduce(op, z, x) = reduceSeq(op, z, x)
Strategy reduceToSeq() {
  return makeRule("reduceToSeq", [](const ExprP &e) -> std::optional<ExprP> {
    if (!isHighReduce(e))
      return std::nullopt;
    return reduceSeq(e->kids[0], e->kids[1], e->kids[2], e->props);
  });
}

// reorder(x) = x
Strategy reorderToId() {
  return makeRule("reorderToId", [](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Reorder)
      return std::nullopt;
    return e->kids[0];
  });
}

// reorder(x) = reorderStride(s, x)
Strategy reorderToStride(Size s) {
  return makeRule("reorderToStride", [s](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Reorder)
      return std::nullopt;
    return reorderStride(s, e->kids[0]);
  });
}

static Strategy placeIn(const char *name, ExprP (*wrap)(ExprP)) {
  return makeRule(name, [wrap](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Map || e->mapKind == MapKind::Map)
      return std::nullopt;
    return wrap(e);
  });
}
// mapX(f, x) = toGlobal(mapX(f, x))
Strategy toGlobalRule() { return placeIn("toGlobal", toGlobal); }
// mapX(f, x) = toLocal(mapX(f, x))
Strategy toLocalRule() { return placeIn("toLocal", toLocal); }
// mapX(f, x) = toPrivate(mapX(f, x))
Strategy toPrivateRule() { return placeIn("toPrivate", toPrivate); }

static Strategy copyIn(const char *name, ExprP (*wrap)(ExprP), MapKind k) {
  return makeRule(name, [wrap, k](const ExprP &e) -> std::optional<ExprP> {
    if (!e->type || e->type->kind != Type::Array || e->type->elem->kind == Type::Array)
      return std::nullopt;
    return wrap(map(fun1([](ExprP y) { return y; }, "y"), e, k));
  });
}
// x = toLocal(mapLcl(y => y, x))
Strategy copyToLocal() { return copyIn("copyToLocal", toLocal, MapKind::Local); }
// x = toPrivate(mapSeq(y => y, x))
Strategy copyToPrivate() { return copyIn("copyToPrivate", toPrivate, MapKind::Seq); }

namespace {
// The body of f with every user-function call vectorized by n; nullopt if
// the body does more than call user functions on its parameter.
std::optional<ExprP> vectorizeBody(const ExprP &e, int n) {
  switch (e->op) {
  case Op::Param: return e;
  case Op::Call: case Op::Tuple: case Op::Get: {
    std::vector<ExprP> kids;
    for (auto &k : e->kids) {
      auto v = vectorizeBody(k, n);
      if (!v)
        return std::nullopt;
      kids.push_back(*v);
    }
    ExprP r = withKids(e, kids);
    if (e->op == Op::Call)
      std::const_pointer_cast<Node>(r)->vecWidth = e->vecWidth * n;
    return r;
  }
  default: return std::nullopt;
  }
}
} // namespace

// map(f, x) = asScalar(map(vectorize(n, f), asVector(n, x)))     (any map kind)
Strategy vectorize(int n) {
  return makeRule("vectorize", [n](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Map || n < 2)
      return std::nullopt;
    const ExprP &f = e->kids[0];
    if (f->count != 1 || lambdaBody(f)->op != Op::Call)
      return std::nullopt;
    auto body = vectorizeBody(lambdaBody(f), n);
    if (!body)
      return std::nullopt;
    ExprP y = freshParam("v");
    return asScalar(map(lambda({y}, substitute(*body, f->kids[0], y)), asVector(n, e->kids[1]), e->mapKind, e->dim));
  });
}


// ---- Tiling rules ----------------------------------------------------------------
namespace {
/// get((e_0, .., e_k), i) -> e_i everywhere in e (what beta reduction of a
/// function of a tuple leaves behind).
ExprP simplifyGets(const ExprP &e) {
  std::vector<ExprP> kids;
  bool changed = false;
  for (auto &k : e->kids) {
    kids.push_back(simplifyGets(k));
    changed |= kids.back() != k;
  }
  if (e->op == Op::Get && kids[0]->op == Op::Tuple)
    return kids[0]->kids.at(e->count);
  return changed ? withKids(e, kids) : e;
}
} // namespace

// Map-reduce interchange (loop interchange of a map and a sequential
// reduction over the same index k; Remmelg et al.'s register blocking of
// matrix multiplication in Lift builds on it):
//   join(map(x => reduceSeq(g, z, zip(Y_0, .., x, .., Y_m)), X))
//     = join(reduceSeq((acc, t) => map(v => g(v._0, (t._0, .., v._1, .., t._m)), zip(acc, t._i)),
//                      map(_ => z, X), zip(Y_0, .., transpose(X), .., Y_m)))
// and, for a reduction whose value is already an array (join inside),
//   map(x => join(reduceSeq(g, z, zip(.., x, ..))), X) = join(reduceSeq(<the same>)).
// Every element of the map was a fold over k; now one fold over k updates
// all of them (an array accumulator): the k loop moves outside the map.
// z and g must not depend on x; x must be one argument of the zip.
Strategy mapReduceInterchange() {
  return makeRule("mapReduceInterchange", [](const ExprP &e) -> std::optional<ExprP> {
    ExprP m;
    bool joinInside;
    if (e->op == Op::Join && e->kids[0]->op == Op::Map) {
      m = e->kids[0];
      joinInside = false;
    } else if (e->op == Op::Map) {
      m = e;
      joinInside = true;
    } else {
      return std::nullopt;
    }
    if (m->mapKind != MapKind::Map && m->mapKind != MapKind::Seq)
      return std::nullopt;
    const ExprP &f = m->kids[0];
    if (f->count != 1)
      return std::nullopt;
    ExprP body = lambdaBody(f);
    if (joinInside) {
      if (body->op != Op::Join)
        return std::nullopt;
      body = body->kids[0];
    }
    if (body->op != Op::Reduce || body->reduceKind != ReduceKind::Seq)
      return std::nullopt;
    const ExprP &x = f->kids[0], &g = body->kids[0], &z = body->kids[1], &xs = body->kids[2];
    if (xs->op != Op::Zip || contains(g, x) || contains(z, x) || g->count != 2)
      return std::nullopt;
    int pos = -1;
    for (size_t i = 0; i < xs->kids.size(); ++i) {
      if (xs->kids[i] == x) {
        if (pos >= 0)
          return std::nullopt;
        pos = (int)i;
      } else if (contains(xs->kids[i], x)) {
        return std::nullopt;
      }
    }
    if (pos < 0)
      return std::nullopt;
    const ExprP &X = m->kids[1];
    std::vector<ExprP> ys = xs->kids;
    ys[pos] = transpose(X);
    ExprP acc = freshParam("acc"), t = freshParam("t"), v = freshParam("v"), w = freshParam("w");
    std::vector<ExprP> elem;
    for (size_t i = 0; i < ys.size(); ++i)
      elem.push_back((int)i == pos ? get(v, 1) : get(t, (int)i));
    ExprP update = map(lambda({v}, simplifyGets(apply(g, {get(v, 0), tuple(elem)}))), zip({acc, get(t, pos)}),
                       m->mapKind);
    return join(reduceSeq(lambda({acc, t}, update), map(lambda({w}, z), X, m->mapKind), zip(ys), body->props));
  });
}
} // namespace rules

const std::vector<RuleInfo> &allRules() {
  using namespace rules;
  static const std::vector<RuleInfo> all = {
      {"splitJoin", "algorithmic", "map(f, x) = join(map(map(f), split(n, x)))", true, [](int n) { return splitJoin(n); }},
      {"mapFusion", "algorithmic", "map(f, map(g, x)) = map(f . g, x)", false, [](int) { return mapFusion(); }},
      {"mapFission", "algorithmic", "map(F[g(y)], x) = map(F[z], map(g, x))", false, [](int) { return mapFission(); }},
      {"reduceMapFusion", "algorithmic", "reduceSeq(op, z, mapSeq(f, x)) = reduceSeq((a, y) => op(a, f(y)), z, x)", false, [](int) { return reduceMapFusion(); }},
      {"reduceToPartial", "algorithmic", "reduce(op, z, x) = reduce(op, z, reducePart(op, z, p, x))", true, [](int p) { return reduceToPartial(p); }},
      {"partialReorder", "algorithmic", "reducePart(op, z, p, x) = reducePart(op, z, p, reorder(x))", false, [](int) { return partialReorder(); }},
      {"partialSplitJoin", "algorithmic", "reducePart(op, z, p, x) = join(map(reducePart(op, z, q), split(m*q/p, x)))", true, [](int q) { return partialSplitJoin(q); }},
      {"partialToReduce", "algorithmic", "reducePart(op, z, 1, x) = reduce(op, z, x)", false, [](int) { return partialToReduce(); }},
      {"partialIterate", "algorithmic", "reducePart(op, z, p, x) = reducePart(op, z, p, iterate(1, join . map(reduce(op, z)) . split(r), x))", true, [](int r) { return partialIterate(1, r); }},
      {"iterateDecompose", "algorithmic", "iterate(n, f, x) = iterate(n-m, f, iterate(m, f, x))", true, [](int m) { return iterateDecompose(m); }},
      {"iterateOne", "algorithmic", "iterate(1, f, x) = f(x)", false, [](int) { return iterateOne(); }},
      {"iterateZero", "algorithmic", "iterate(0, f, x) = x", false, [](int) { return iterateZero(); }},
      {"reorderCommute", "algorithmic", "map(f, reorder(x)) = reorder(map(f, x))", false, [](int) { return reorderCommute(); }},
      {"reorderCommuteBack", "algorithmic", "reorder(map(f, x)) = map(f, reorder(x))", false, [](int) { return reorderCommuteBack(); }},
      {"joinSplit", "simplification", "join(split(n, x)) = x", false, [](int) { return joinSplit(); }},
      {"splitJoinId", "simplification", "split(n, join(x)) = x  (x : [[T]_n]_m)", false, [](int) { return splitJoinId(); }},
      {"asScalarAsVector", "simplification", "asScalar(asVector(n, x)) = x", false, [](int) { return asScalarAsVector(); }},
      {"asVectorAsScalar", "simplification", "asVector(n, asScalar(x)) = x  (x : [T<n>]_m)", false, [](int) { return asVectorAsScalar(); }},
      {"transposeTranspose", "simplification", "transpose(transpose(x)) = x", false, [](int) { return transposeTranspose(); }},
      {"mapId", "simplification", "map(y => y, x) = x", false, [](int) { return mapId(); }},
      {"mapToSeq", "lowering", "map(f, x) = mapSeq(f, x)", false, [](int) { return mapToSeq(); }},
      {"mapToGlb", "lowering", "map(f, x) = mapGlb_d(f, x)", true, [](int d) { return mapToGlb(d); }},
      {"mapToWrg", "lowering", "map(f, x) = mapWrg_d(f, x)", true, [](int d) { return mapToWrg(d); }},
      {"mapToLcl", "lowering", "map(f, x) = mapLcl_d(f, x)", true, [](int d) { return mapToLcl(d); }},
      {"reduceToSeq", "lowering", "reduce(op, z, x) = reduceSeq(op, z, x)", false, [](int) { return reduceToSeq(); }},
      {"reorderToId", "lowering", "reorder(x) = x", false, [](int) { return reorderToId(); }},
      {"reorderToStride", "lowering", "reorder(x) = reorderStride(s, x)", true, [](int s) { return reorderToStride(s); }},
      {"toGlobal", "memory", "mapX(f, x) = toGlobal(mapX(f, x))", false, [](int) { return toGlobalRule(); }},
      {"toLocal", "memory", "mapX(f, x) = toLocal(mapX(f, x))", false, [](int) { return toLocalRule(); }},
      {"toPrivate", "memory", "mapX(f, x) = toPrivate(mapX(f, x))", false, [](int) { return toPrivateRule(); }},
      {"copyToLocal", "memory", "x = toLocal(mapLcl(y => y, x))", false, [](int) { return copyToLocal(); }},
      {"copyToPrivate", "memory", "x = toPrivate(mapSeq(y => y, x))", false, [](int) { return copyToPrivate(); }},
      {"mapReduceInterchange", "tiling", "join(map(x => reduceSeq(g, z, zip(.., x, ..)), X)) = join(reduceSeq((acc, t) => map(v => g(v._0, (.., v._1, ..)), zip(acc, t._i)), map(_ => z, X), zip(.., transpose(X), ..)))", false, [](int) { return mapReduceInterchange(); }},
      {"vectorize", "vectorization", "map(f, x) = asScalar(map(vectorize(n, f), asVector(n, x)))", true, [](int n) { return vectorize(n); }},
  };
  return all;
}

} // namespace loom::patterns
