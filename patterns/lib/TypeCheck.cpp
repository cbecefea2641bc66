// SPDX-License-Identifier: Apache-2.0
// The type checker: infers each expression's type bottom-up, binding lambda
// parameters from the patterns that apply them, and reports the first
// disagreement with the pattern's name and the sizes or types involved.
// Rewriting re-runs it after every rule (Rewrite.cpp).
#include "loom/patterns/Expr.h"

#include <atomic>

namespace loom::patterns {

namespace {

[[noreturn]] void fail(const ExprP &e, const std::string &msg) {
  std::string where = print(e);
  if (where.size() > 160)
    where = where.substr(0, 157) + "...";
  throw Error("type error in " + patternName(e) + ": " + msg + "\n  in: " + where);
}

TypeP arrayArg(const ExprP &e, const TypeP &t, const char *what = "its input") {
  if (t->kind != Type::Array)
    fail(e, std::string(what) + " must be an array, not " + t->str());
  return t;
}

TypeP vectorized(const TypeP &t, int w, const ExprP &e) {
  if (w == 1)
    return t;
  if (t->kind == Type::Scalar)
    return Type::vectorT(t->scalar, w);
  if (t->kind == Type::Tuple) {
    std::vector<TypeP> es;
    for (auto &x : t->elems)
      es.push_back(vectorized(x, w, e));
    return Type::tupleT(es);
  }
  fail(e, "cannot vectorize a function over " + t->str());
}

std::atomic<int> freshSize{0};

AddrSpace spaceOf(const ExprP &e) { return e->space; }

} // namespace

TypeP typeCheckFun(const ExprP &f, const std::vector<TypeP> &args) {
  if (f->op != Op::Lambda)
    fail(f, "expected a function");
  if ((int)args.size() != f->count)
    fail(f, "the function takes " + std::to_string(f->count) + " parameters but is applied to " +
                std::to_string(args.size()));
  for (int i = 0; i < f->count; ++i)
    f->kids[i]->type = args[i];
  TypeP t = typeCheck(lambdaBody(f));
  f->type = t;
  f->space = lambdaBody(f)->space;
  return t;
}

TypeP typeCheck(const ExprP &e) {
  TypeP t;
  AddrSpace space = AddrSpace::Global;
  auto kidT = [&](size_t i) { return typeCheck(e->kids[i]); };
  switch (e->op) {
  case Op::Param:
    if (!e->type)
      fail(e, "parameter " + e->name + " has no type (a lambda not applied by a pattern?)");
    e->space = e->space; // as bound
    return e->type;
  case Op::Literal:
    e->space = AddrSpace::Private;
    return e->type;
  case Op::Lambda:
    fail(e, "a function where a value is expected");
  case Op::Call: {
    auto &f = *e->fun;
    if (f.params.size() != e->kids.size())
      fail(e, f.name + " takes " + std::to_string(f.params.size()) + " arguments, not " +
                  std::to_string(e->kids.size()));
    for (size_t i = 0; i < e->kids.size(); ++i) {
      TypeP a = kidT(i), want = vectorized(f.params[i].second, e->vecWidth, e);
      // A vectorized function broadcasts scalar arguments to every lane.
      if (!typeEqual(a, want) && !(e->vecWidth > 1 && typeEqual(a, f.params[i].second)))
        fail(e, "argument " + std::to_string(i + 1) + " (" + f.params[i].first + ") of " + f.name +
                    " has type " + a->str() + " but " + want->str() + " is expected");
    }
    t = vectorized(f.ret, e->vecWidth, e);
    space = AddrSpace::Private;
    break;
  }
  case Op::Tuple: {
    std::vector<TypeP> es;
    for (size_t i = 0; i < e->kids.size(); ++i)
      es.push_back(kidT(i));
    t = Type::tupleT(es);
    space = AddrSpace::Private;
    break;
  }
  case Op::Get: {
    TypeP x = kidT(0);
    if (x->kind != Type::Tuple)
      fail(e, "get of a " + x->str() + ", which is not a tuple");
    if (e->count < 0 || e->count >= (int)x->elems.size())
      fail(e, "component " + std::to_string(e->count) + " of a " + std::to_string(x->elems.size()) + "-tuple");
    t = x->elems[e->count];
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Map: {
    TypeP x = arrayArg(e, kidT(1));
    TypeP r = typeCheckFun(e->kids[0], {x->elem});
    t = arrayOf(r, x->size);
    space = e->kids[0]->space;
    break;
  }
  case Op::Reduce:
  case Op::ReducePart: {
    TypeP init = kidT(1);
    TypeP x = arrayArg(e, kidT(2));
    bool seq = e->op == Op::Reduce && e->reduceKind == ReduceKind::Seq;
    if (!seq && !typeEqual(init, x->elem))
      fail(e, "the initial value has type " + init->str() + " but the elements have type " + x->elem->str());
    TypeP r = typeCheckFun(e->kids[0], {init, x->elem});
    if (!typeEqual(r, init))
      fail(e, "the operator returns " + r->str() + " but the accumulator has type " + init->str());
    t = arrayOf(init, e->op == Op::ReducePart ? e->n : Size(1));
    space = seq ? AddrSpace::Private : AddrSpace::Global;
    break;
  }
  case Op::Zip: {
    if (e->kids.size() < 2)
      fail(e, "needs at least two arrays");
    std::vector<TypeP> es;
    Size n;
    for (size_t i = 0; i < e->kids.size(); ++i) {
      TypeP a = arrayArg(e, kidT(i), "each argument");
      if (i == 0)
        n = a->size;
      else if (a->size != n)
        fail(e, "argument 1 has " + n.str() + " elements but argument " + std::to_string(i + 1) + " has " +
                    a->size.str());
      es.push_back(a->elem);
    }
    t = arrayOf(Type::tupleT(es), n);
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Split: {
    TypeP x = arrayArg(e, kidT(0));
    if (e->n.isConstant() && e->n.constant() <= 0)
      fail(e, "chunk size " + e->n.str() + " must be positive");
    if (x->size.isConstant() && e->n.isConstant() && x->size.constant() % e->n.constant() != 0)
      fail(e, "chunk size " + e->n.str() + " does not divide the array size " + x->size.str());
    t = arrayOf(arrayOf(x->elem, e->n), x->size / e->n);
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Join: {
    TypeP x = arrayArg(e, kidT(0));
    if (x->elem->kind != Type::Array)
      fail(e, "its input must be an array of arrays, not " + x->str());
    t = arrayOf(x->elem->elem, x->size * x->elem->size);
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Iterate: {
    TypeP x = arrayArg(e, kidT(1));
    if (e->count < 0)
      fail(e, "iteration count must not be negative");
    // f must map [T]_m to [T]_{r*m} for a constant ratio r; check it on a
    // fresh size variable, then check it again on the real input size so
    // its parameters carry the first iteration's types.
    Size m = Size::var("_m" + std::to_string(++freshSize));
    TypeP r = typeCheckFun(e->kids[0], {arrayOf(x->elem, m)});
    Rational ratio;
    if (r->kind != Type::Array || !typeEqual(r->elem, x->elem) || !r->size.ratioTo(m, ratio))
      fail(e, "the function must map [T]_m to [T]_(c*m), but maps " + arrayOf(x->elem, m)->str() + " to " +
                  r->str());
    Size out = x->size;
    for (int i = 0; i < e->count; ++i)
      out = out * Size(ratio.num) / Size(ratio.den);
    typeCheckFun(e->kids[0], {x});
    t = arrayOf(x->elem, out);
    space = e->count ? e->kids[0]->space : spaceOf(e->kids[1]);
    break;
  }
  case Op::Reorder:
    t = arrayArg(e, kidT(0));
    space = spaceOf(e->kids[0]);
    break;
  case Op::ReorderStride: {
    t = arrayArg(e, kidT(0));
    if (e->n.isConstant() && e->n.constant() <= 0)
      fail(e, "stride " + e->n.str() + " must be positive");
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Transpose: {
    TypeP x = arrayArg(e, kidT(0));
    if (x->elem->kind != Type::Array)
      fail(e, "its input must be a two-dimensional array, not " + x->str());
    t = arrayOf(arrayOf(x->elem->elem, x->size), x->elem->size);
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::ToGlobal: case Op::ToLocal: case Op::ToPrivate:
    t = kidT(0);
    if (t->kind != Type::Array)
      fail(e, "only arrays are placed in memory, not " + t->str());
    space = e->op == Op::ToGlobal ? AddrSpace::Global : e->op == Op::ToLocal ? AddrSpace::Local : AddrSpace::Private;
    break;
  case Op::AsVector: {
    TypeP x = arrayArg(e, kidT(0));
    if (x->elem->kind != Type::Scalar)
      fail(e, "its input must be an array of scalars, not " + x->str());
    int64_t w = e->n.constant();
    if (x->size.isConstant() && x->size.constant() % w != 0)
      fail(e, "width " + std::to_string(w) + " does not divide the array size " + x->size.str());
    t = arrayOf(Type::vectorT(x->elem->scalar, (int)w), x->size / e->n);
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Slide: {
    TypeP x = arrayArg(e, kidT(0));
    int64_t size = e->n.constant(), step = e->count;
    if (size <= 0 || step <= 0)
      fail(e, "window size and step must be positive");
    if (x->size.isConstant() && (x->size.constant() < size || (x->size.constant() - size) % step != 0))
      fail(e, "windows of " + std::to_string(size) + " every " + std::to_string(step) + " do not tile " + x->size.str() +
                  " elements");
    t = arrayOf(arrayOf(x->elem, e->n), (x->size - e->n + Size(step)) / Size(step));
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Index: {
    TypeP x = arrayArg(e, kidT(0));
    TypeP i = kidT(1);
    if (i->kind != Type::Scalar || i->scalar != ScalarKind::Int)
      fail(e, "the index must be an int, not " + i->str());
    t = x->elem;
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::Pad: {
    TypeP x = arrayArg(e, kidT(0));
    if (e->count < 0 || e->dim < 0)
      fail(e, "padding must not be negative");
    t = arrayOf(x->elem, x->size + Size(e->count + e->dim));
    space = spaceOf(e->kids[0]);
    break;
  }
  case Op::AsScalar: {
    TypeP x = arrayArg(e, kidT(0));
    if (x->elem->kind != Type::Vector)
      fail(e, "its input must be an array of vectors, not " + x->str());
    t = arrayOf(Type::scalarT(x->elem->scalar), x->size * Size(x->elem->width));
    space = spaceOf(e->kids[0]);
    break;
  }
  }
  e->type = t;
  e->space = space;
  return t;
}

} // namespace loom::patterns
