// SPDX-License-Identifier: Apache-2.0
// Building, substituting and printing pattern expressions.
#include "loom/patterns/Expr.h"

#include <atomic>
#include <sstream>

namespace loom::patterns {

SExprP sconst(double v) {
  auto e = std::make_shared<SExpr>();
  e->op = SExpr::Const;
  e->value = v;
  return e;
}
SExprP svar(const std::string &n) {
  auto e = std::make_shared<SExpr>();
  e->op = SExpr::Var;
  e->name = n;
  return e;
}
SExprP sbin(SExpr::Op op, SExprP a, SExprP b) {
  auto e = std::make_shared<SExpr>();
  e->op = op;
  e->args = {std::move(a), std::move(b)};
  return e;
}
SExprP sun(SExpr::Op op, SExprP a) {
  auto e = std::make_shared<SExpr>();
  e->op = op;
  e->args = {std::move(a)};
  return e;
}
SExprP sselect(SExprP c, SExprP a, SExprP b) {
  auto e = std::make_shared<SExpr>();
  e->op = SExpr::Select;
  e->args = {std::move(c), std::move(a), std::move(b)};
  return e;
}
UserFunP userFun(std::string name, std::vector<std::pair<std::string, TypeP>> params, TypeP ret,
                 SExprP result, std::vector<std::pair<std::string, SExprP>> lets) {
  auto f = std::make_shared<UserFun>();
  f->name = std::move(name);
  f->params = std::move(params);
  f->ret = std::move(ret);
  f->lets = std::move(lets);
  if (f->ret->kind == Type::Tuple) {
    // A tuple result: the result expression is a Select-free list built by
    // the caller through lets named "<name>.0", ... ; or one per element.
    for (size_t i = 0; i < f->ret->elems.size(); ++i)
      f->results.push_back(svar("_r" + std::to_string(i)));
    if (result)
      throw Error("user function " + f->name + ": a tuple result is given as lets _r0, _r1, ...");
  } else {
    f->results = {std::move(result)};
  }
  return f;
}

static std::atomic<int> nextId{1};
static std::shared_ptr<Node> node(Op op, std::vector<ExprP> kids) {
  auto n = std::make_shared<Node>();
  n->op = op;
  n->kids = std::move(kids);
  return n;
}
ExprP param(const std::string &name, TypeP type) {
  auto n = node(Op::Param, {});
  n->name = name;
  n->id = nextId++;
  n->type = std::move(type);
  return n;
}
ExprP lambda(std::vector<ExprP> params, ExprP body) {
  for (auto &p : params)
    if (p->op != Op::Param)
      throw Error("lambda: a parameter must be a param");
  int c = (int)params.size();
  params.push_back(std::move(body));
  auto n = node(Op::Lambda, std::move(params));
  n->count = c;
  return n;
}
ExprP fun1(const std::function<ExprP(ExprP)> &body, const std::string &name) {
  auto p = param(name);
  std::const_pointer_cast<Node>(p)->name = name + std::to_string(p->id);
  return lambda({p}, body(p));
}
ExprP fun2(const std::function<ExprP(ExprP, ExprP)> &body, const std::string &a, const std::string &b) {
  auto pa = param(a), pb = param(b);
  std::const_pointer_cast<Node>(pa)->name = a + std::to_string(pa->id);
  std::const_pointer_cast<Node>(pb)->name = b + std::to_string(pb->id);
  return lambda({pa, pb}, body(pa, pb));
}
ExprP literal(double v, TypeP type) {
  auto n = node(Op::Literal, {});
  n->value = v;
  n->type = std::move(type);
  return n;
}
ExprP call(UserFunP f, std::vector<ExprP> args, int vecWidth) {
  auto n = node(Op::Call, std::move(args));
  n->fun = std::move(f);
  n->vecWidth = vecWidth;
  return n;
}
ExprP tuple(std::vector<ExprP> elems) { return node(Op::Tuple, std::move(elems)); }
ExprP get(ExprP x, int i) {
  auto n = node(Op::Get, {std::move(x)});
  n->count = i;
  return n;
}
ExprP map(ExprP f, ExprP x, MapKind k, int dim) {
  auto n = node(Op::Map, {std::move(f), std::move(x)});
  n->mapKind = k;
  n->dim = dim;
  return n;
}
ExprP mapSeq(ExprP f, ExprP x) { return map(f, x, MapKind::Seq); }
ExprP mapGlb(ExprP f, ExprP x, int dim) { return map(f, x, MapKind::Global, dim); }
ExprP mapWrg(ExprP f, ExprP x, int dim) { return map(f, x, MapKind::Workgroup, dim); }
ExprP mapLcl(ExprP f, ExprP x, int dim) { return map(f, x, MapKind::Local, dim); }
ExprP reduce(ExprP f, ExprP init, ExprP x, ReduceProps p) {
  auto n = node(Op::Reduce, {std::move(f), std::move(init), std::move(x)});
  n->props = p;
  return n;
}
ExprP reduceSeq(ExprP f, ExprP init, ExprP x, ReduceProps p) {
  auto n = node(Op::Reduce, {std::move(f), std::move(init), std::move(x)});
  n->props = p;
  n->reduceKind = ReduceKind::Seq;
  return n;
}
ExprP reducePart(ExprP f, ExprP init, Size parts, ExprP x, ReduceProps p) {
  auto n = node(Op::ReducePart, {std::move(f), std::move(init), std::move(x)});
  n->props = p;
  n->n = std::move(parts);
  return n;
}
ExprP zip(std::vector<ExprP> xs) { return node(Op::Zip, std::move(xs)); }
ExprP split(Size s, ExprP x) {
  auto n = node(Op::Split, {std::move(x)});
  n->n = std::move(s);
  return n;
}
ExprP join(ExprP x) { return node(Op::Join, {std::move(x)}); }
ExprP iterate(int times, ExprP f, ExprP x) {
  auto n = node(Op::Iterate, {std::move(f), std::move(x)});
  n->count = times;
  return n;
}
ExprP reorder(ExprP x) { return node(Op::Reorder, {std::move(x)}); }
ExprP reorderStride(Size s, ExprP x) {
  auto n = node(Op::ReorderStride, {std::move(x)});
  n->n = std::move(s);
  return n;
}
ExprP transpose(ExprP x) { return node(Op::Transpose, {std::move(x)}); }
ExprP toGlobal(ExprP e) { return node(Op::ToGlobal, {std::move(e)}); }
ExprP toLocal(ExprP e) { return node(Op::ToLocal, {std::move(e)}); }
ExprP toPrivate(ExprP e) { return node(Op::ToPrivate, {std::move(e)}); }
ExprP asVector(int width, ExprP x) {
  auto n = node(Op::AsVector, {std::move(x)});
  n->n = Size(width);
  return n;
}
ExprP asScalar(ExprP x) { return node(Op::AsScalar, {std::move(x)}); }
ExprP slide(int size, int step, ExprP x) {
  auto n = node(Op::Slide, {std::move(x)});
  n->n = Size(size);
  n->count = step;
  return n;
}
ExprP index(ExprP x, ExprP i) { return node(Op::Index, {std::move(x), std::move(i)}); }
ExprP pad(int left, int right, ExprP x) {
  auto n = node(Op::Pad, {std::move(x)});
  n->count = left;
  n->dim = right;
  return n;
}

ExprP withKids(const ExprP &n, std::vector<ExprP> kids) {
  auto c = std::make_shared<Node>(*n);
  c->kids = std::move(kids);
  c->type = nullptr;
  return c;
}

ExprP substitute(const ExprP &e, const ExprP &p, const ExprP &v) {
  if (e == p)
    return v;
  if (e->kids.empty())
    return e;
  std::vector<ExprP> kids;
  bool changed = false;
  for (auto &k : e->kids) {
    kids.push_back(substitute(k, p, v));
    changed |= kids.back() != k;
  }
  return changed ? withKids(e, std::move(kids)) : e;
}
ExprP apply(const ExprP &f, std::vector<ExprP> args) {
  if (f->op != Op::Lambda)
    throw Error("apply: not a function: " + print(f));
  if ((int)args.size() != f->count)
    throw Error("apply: " + print(f) + " takes " + std::to_string(f->count) + " arguments, not " +
                std::to_string(args.size()));
  ExprP body = lambdaBody(f);
  for (int i = 0; i < f->count; ++i)
    body = substitute(body, f->kids[i], args[i]);
  return body;
}

std::string patternName(const ExprP &e) {
  switch (e->op) {
  case Op::Param: return "param";
  case Op::Lambda: return "lambda";
  case Op::Literal: return "literal";
  case Op::Call: return e->vecWidth > 1 ? "vectorize(" + std::to_string(e->vecWidth) + ", " + e->fun->name + ")" : e->fun->name;
  case Op::Tuple: return "tuple";
  case Op::Get: return "get";
  case Op::Map:
    switch (e->mapKind) {
    case MapKind::Map: return "map";
    case MapKind::Seq: return "mapSeq";
    case MapKind::Global: return "mapGlb" + std::to_string(e->dim);
    case MapKind::Workgroup: return "mapWrg" + std::to_string(e->dim);
    case MapKind::Local: return "mapLcl" + std::to_string(e->dim);
    }
    break;
  case Op::Reduce: return e->reduceKind == ReduceKind::Seq ? "reduceSeq" : "reduce";
  case Op::ReducePart: return "reducePart";
  case Op::Zip: return "zip";
  case Op::Split: return "split";
  case Op::Join: return "join";
  case Op::Iterate: return "iterate";
  case Op::Reorder: return "reorder";
  case Op::ReorderStride: return "reorderStride";
  case Op::Transpose: return "transpose";
  case Op::ToGlobal: return "toGlobal";
  case Op::ToLocal: return "toLocal";
  case Op::ToPrivate: return "toPrivate";
  case Op::AsVector: return "asVector";
  case Op::AsScalar: return "asScalar";
  case Op::Slide: return "slide";
  case Op::Pad: return "pad";
  case Op::Index: return "index";
  }
  return "?";
}

static std::string literalStr(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

std::string print(const ExprP &e) {
  switch (e->op) {
  case Op::Param: return e->name;
  case Op::Literal: return literalStr(e->value);
  case Op::Lambda: {
    std::string s = "(";
    for (int i = 0; i < e->count; ++i)
      s += (i ? ", " : "") + e->kids[i]->name;
    return s + ") => " + print(lambdaBody(e));
  }
  case Op::Get: return print(e->kids[0]) + "._" + std::to_string(e->count);
  default: break;
  }
  std::string s = patternName(e) + "(";
  bool first = true;
  auto arg = [&](const std::string &a) {
    s += (first ? "" : ", ") + a;
    first = false;
  };
  switch (e->op) {
  case Op::Split: case Op::ReorderStride: case Op::AsVector: arg(e->n.str()); break;
  case Op::Iterate: arg(std::to_string(e->count)); break;
  case Op::Slide: arg(e->n.str()); arg(std::to_string(e->count)); break;
  case Op::Pad: arg(std::to_string(e->count)); arg(std::to_string(e->dim)); break;
  case Op::ReducePart: arg(e->n.str()); break;
  default: break;
  }
  for (auto &k : e->kids)
    arg(print(k));
  return s + ")";
}

} // namespace loom::patterns
