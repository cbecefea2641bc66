// SPDX-License-Identifier: Apache-2.0
// The reference interpreter. Parallel low-level maps run sequentially (their
// meaning is the map's); memory annotations are identities; reorder is the
// identity permutation (any permutation is a correct reorder, and rules that
// introduce it require the reduction to be commutative); reorderStride s is
// the concrete permutation out[i] = in[i / (n/s) + s * (i % (n/s))], which
// in Lift makes consecutive threads read consecutive elements.
#include "loom/patterns/Interpreter.h"

#include <cmath>
#include <sstream>

namespace loom::patterns {

namespace {

// Lexical scopes as a chain on the stack: binding a lambda's parameters
// copies no values.
struct Scope {
  const Node *key;
  const Value *val;
  const Scope *parent;
};
thread_local const std::map<std::string, int64_t> *sizeEnv = nullptr;
int64_t sizeVal(const Size &s) {
  static const std::map<std::string, int64_t> none;
  return s.isConstant() ? s.constant() : s.eval(sizeEnv ? *sizeEnv : none);
}
Value eval(const ExprP &e, const Scope *env);
using SEnv = std::map<std::string, double>;

double evalS(const SExprP &e, const SEnv &env) {
  auto a = [&](int i) { return evalS(e->args[i], env); };
  switch (e->op) {
  case SExpr::Const: return e->value;
  case SExpr::Var: {
    auto it = env.find(e->name);
    if (it == env.end())
      throw Error("user function: unknown variable " + e->name);
    return it->second;
  }
  case SExpr::Add: return a(0) + a(1);
  case SExpr::Sub: return a(0) - a(1);
  case SExpr::Mul: return a(0) * a(1);
  case SExpr::Div: return a(0) / a(1);
  case SExpr::Min: return std::min(a(0), a(1));
  case SExpr::Max: return std::max(a(0), a(1));
  case SExpr::Lt: return a(0) < a(1);
  case SExpr::Le: return a(0) <= a(1);
  case SExpr::Gt: return a(0) > a(1);
  case SExpr::Ge: return a(0) >= a(1);
  case SExpr::Eq: return a(0) == a(1);
  case SExpr::And: return a(0) != 0 && a(1) != 0;
  case SExpr::Or: return a(0) != 0 || a(1) != 0;
  case SExpr::Neg: return -a(0);
  case SExpr::Abs: return std::fabs(a(0));
  case SExpr::Exp: return std::exp(a(0));
  case SExpr::Log: return std::log(a(0));
  case SExpr::Sqrt: return std::sqrt(a(0));
  case SExpr::Not: return a(0) == 0;
  case SExpr::Select: return a(0) != 0 ? a(1) : a(2);
  }
  return 0;
}

void bindParam(SEnv &env, const std::string &name, const TypeP &t, const Value &v) {
  if (t->kind == Type::Tuple) {
    for (size_t i = 0; i < t->elems.size(); ++i)
      bindParam(env, name + "._" + std::to_string(i), t->elems[i], v.elems.at(i));
    return;
  }
  env[name] = v.s;
}

Value callScalar(const UserFun &f, const std::vector<Value> &args) {
  SEnv env;
  for (size_t i = 0; i < f.params.size(); ++i)
    bindParam(env, f.params[i].first, f.params[i].second, args.at(i));
  for (auto &[n, x] : f.lets)
    env[n] = evalS(x, env);
  auto round = [](const TypeP &t, double v) {
    if (t->scalar == ScalarKind::Float)
      return (double)(float)v;
    if (t->scalar == ScalarKind::Int)
      return std::trunc(v);
    return v;
  };
  if (f.ret->kind == Type::Tuple) {
    std::vector<Value> rs;
    for (size_t i = 0; i < f.results.size(); ++i)
      rs.push_back(Value::scalar(round(f.ret->elems[i], evalS(f.results[i], env))));
    return Value::tuple(rs);
  }
  return Value::scalar(round(f.ret, evalS(f.results[0], env)));
}

// Component k of a (possibly vector, possibly tuple-of-vector) argument.
Value lane(const Value &v, int k) {
  if (v.kind == Value::Vector)
    return v.elems.at(k);
  if (v.kind == Value::Tuple) {
    std::vector<Value> es;
    for (auto &e : v.elems)
      es.push_back(lane(e, k));
    return Value::tuple(es);
  }
  return v;
}

const Value &arr(const ExprP &e, const Value &v) {
  if (v.kind != Value::Array)
    throw Error(patternName(e) + ": input is not an array");
  return v;
}

Value applyFun(const ExprP &f, const std::vector<Value> &args, const Scope *env) {
  Scope scopes[4];
  if (f->count > 4)
    throw Error("interpreter: lambdas take at most 4 parameters");
  for (int i = 0; i < f->count; ++i) {
    scopes[i] = {f->kids[i].get(), &args[i], i ? &scopes[i - 1] : env};
  }
  return eval(lambdaBody(f), f->count ? &scopes[f->count - 1] : env);
}

} // namespace

Value callUserFun(const UserFun &f, const std::vector<Value> &args) {
  int w = 0;
  for (auto &a : args) {
    const Value *x = &a;
    while (x->kind == Value::Tuple && !x->elems.empty())
      x = &x->elems[0];
    if (x->kind == Value::Vector)
      w = (int)x->elems.size();
  }
  if (w == 0)
    return callScalar(f, args);
  std::vector<Value> lanes;
  for (int k = 0; k < w; ++k) {
    std::vector<Value> la;
    for (auto &a : args)
      la.push_back(lane(a, k));
    lanes.push_back(callScalar(f, la));
  }
  if (f.ret->kind == Type::Tuple) {
    std::vector<Value> comps;
    for (size_t i = 0; i < f.ret->elems.size(); ++i) {
      std::vector<Value> v;
      for (auto &l : lanes)
        v.push_back(l.elems[i]);
      comps.push_back(Value::vector(v));
    }
    return Value::tuple(comps);
  }
  return Value::vector(lanes);
}

namespace {
Value eval(const ExprP &e, const Scope *env) {
  auto kid = [&](size_t i) { return eval(e->kids[i], env); };
  switch (e->op) {
  case Op::Param: {
    for (const Scope *s = env; s; s = s->parent)
      if (s->key == e.get())
        return *s->val;
    throw Error("interpreter: unbound parameter " + e->name);
  }
  case Op::Literal: return Value::scalar(e->value);
  case Op::Lambda: throw Error("interpreter: a function where a value is expected");
  case Op::Call: {
    std::vector<Value> args;
    for (size_t i = 0; i < e->kids.size(); ++i)
      args.push_back(kid(i));
    return callUserFun(*e->fun, args);
  }
  case Op::Tuple: {
    std::vector<Value> es;
    for (size_t i = 0; i < e->kids.size(); ++i)
      es.push_back(kid(i));
    return Value::tuple(es);
  }
  case Op::Get: return kid(0).elems.at(e->count);
  case Op::Map: {
    Value x = arr(e, kid(1));
    std::vector<Value> out;
    out.reserve(x.elems.size());
    for (auto &v : x.elems)
      out.push_back(applyFun(e->kids[0], {v}, env));
    return Value::array(std::move(out));
  }
  case Op::Reduce: {
    Value acc = kid(1);
    Value x = arr(e, kid(2));
    for (auto &v : x.elems)
      acc = applyFun(e->kids[0], {acc, v}, env);
    return Value::array({acc});
  }
  case Op::ReducePart: {
    Value init = kid(1);
    Value x = arr(e, kid(2));
    int64_t p = sizeVal(e->n), m = (int64_t)x.elems.size();
    if (p <= 0 || m % p != 0)
      throw Error("reducePart: " + std::to_string(p) + " parts do not divide " + std::to_string(m) + " elements");
    std::vector<Value> out;
    for (int64_t i = 0; i < p; ++i) {
      Value acc = init;
      for (int64_t j = i * (m / p); j < (i + 1) * (m / p); ++j)
        acc = applyFun(e->kids[0], {acc, x.elems[j]}, env);
      out.push_back(acc);
    }
    return Value::array(out);
  }
  case Op::Zip: {
    std::vector<Value> xs;
    for (size_t i = 0; i < e->kids.size(); ++i)
      xs.push_back(arr(e, kid(i)));
    size_t n = xs[0].elems.size();
    for (auto &x : xs)
      if (x.elems.size() != n)
        throw Error("zip: arrays of different lengths");
    std::vector<Value> out;
    for (size_t i = 0; i < n; ++i) {
      std::vector<Value> t;
      for (auto &x : xs)
        t.push_back(x.elems[i]);
      out.push_back(Value::tuple(t));
    }
    return Value::array(out);
  }
  case Op::Split: {
    Value x = arr(e, kid(0));
    int64_t n = sizeVal(e->n), m = (int64_t)x.elems.size();
    if (n <= 0 || m % n != 0)
      throw Error("split: chunk size " + std::to_string(n) + " does not divide " + std::to_string(m) + " elements");
    std::vector<Value> out;
    for (int64_t i = 0; i < m; i += n)
      out.push_back(Value::array(std::vector<Value>(x.elems.begin() + i, x.elems.begin() + i + n)));
    return Value::array(out);
  }
  case Op::Join: {
    Value x = arr(e, kid(0));
    std::vector<Value> out;
    for (auto &c : x.elems)
      out.insert(out.end(), c.elems.begin(), c.elems.end());
    return Value::array(out);
  }
  case Op::Iterate: {
    Value x = kid(1);
    for (int i = 0; i < e->count; ++i)
      x = applyFun(e->kids[0], {x}, env);
    return x;
  }
  case Op::Reorder:
  case Op::ToGlobal: case Op::ToLocal: case Op::ToPrivate:
    return kid(0);
  case Op::ReorderStride: {
    Value x = arr(e, kid(0));
    int64_t s = sizeVal(e->n), n = (int64_t)x.elems.size();
    if (s <= 0 || n % s != 0)
      throw Error("reorderStride: stride " + std::to_string(s) + " does not divide " + std::to_string(n));
    int64_t t = n / s;
    std::vector<Value> out;
    for (int64_t i = 0; i < n; ++i)
      out.push_back(x.elems[i / t + s * (i % t)]);
    return Value::array(out);
  }
  case Op::Transpose: {
    Value x = arr(e, kid(0));
    if (x.elems.empty())
      return x;
    size_t n = x.elems.size(), m = x.elems[0].elems.size();
    std::vector<Value> out(m);
    for (size_t j = 0; j < m; ++j) {
      std::vector<Value> row;
      for (size_t i = 0; i < n; ++i)
        row.push_back(x.elems[i].elems.at(j));
      out[j] = Value::array(row);
    }
    return Value::array(out);
  }
  case Op::AsVector: {
    Value x = arr(e, kid(0));
    int64_t w = sizeVal(e->n);
    if (x.elems.size() % w)
      throw Error("asVector: width " + std::to_string(w) + " does not divide " + std::to_string(x.elems.size()));
    std::vector<Value> out;
    for (size_t i = 0; i < x.elems.size(); i += w)
      out.push_back(Value::vector(std::vector<Value>(x.elems.begin() + i, x.elems.begin() + i + w)));
    return Value::array(out);
  }
  case Op::Slide: {
    Value x = arr(e, kid(0));
    int64_t size = sizeVal(e->n), step = e->count, n = (int64_t)x.elems.size();
    if (n < size || (n - size) % step != 0)
      throw Error("slide: windows of " + std::to_string(size) + " every " + std::to_string(step) + " do not tile " +
                  std::to_string(n) + " elements");
    std::vector<Value> out;
    for (int64_t i = 0; i + size <= n; i += step)
      out.push_back(Value::array(std::vector<Value>(x.elems.begin() + i, x.elems.begin() + i + size)));
    return Value::array(out);
  }
  case Op::Index: {
    Value x = arr(e, kid(0));
    double i = kid(1).s;
    if (!(i >= 0 && i < (double)x.elems.size()))
      throw Error("index: " + std::to_string((long long)i) + " is outside an array of " +
                  std::to_string(x.elems.size()));
    return x.elems[(size_t)i];
  }
  case Op::Pad: {
    Value x = arr(e, kid(0));
    int64_t n = (int64_t)x.elems.size();
    if (n == 0)
      throw Error("pad: an empty array has no border to repeat");
    std::vector<Value> out;
    for (int64_t i = -e->count; i < n + e->dim; ++i)
      out.push_back(x.elems[std::min(std::max<int64_t>(i, 0), n - 1)]);
    return Value::array(out);
  }
  case Op::AsScalar: {
    Value x = arr(e, kid(0));
    std::vector<Value> out;
    for (auto &v : x.elems)
      out.insert(out.end(), v.elems.begin(), v.elems.end());
    return Value::array(out);
  }
  }
  throw Error("interpreter: unknown pattern");
}

// Binds size variables from the lengths of actual arrays.
void bindSizes(const TypeP &t, const Value &v, std::map<std::string, int64_t> &env) {
  if (!t || t->kind != Type::Array || v.kind != Value::Array)
    return;
  auto vars = t->size.variables();
  if (vars.size() == 1 && t->size == Size::var(vars[0]))
    env.emplace(vars[0], (int64_t)v.elems.size());
  if (!v.elems.empty())
    bindSizes(t->elem, v.elems[0], env);
}
} // namespace

Value evaluate(const ExprP &e, const std::map<const Node *, Value> &bindings) {
  std::vector<Scope> scopes;
  scopes.reserve(bindings.size());
  for (auto &[k, v] : bindings)
    scopes.push_back({k, &v, scopes.empty() ? nullptr : &scopes.back()});
  return eval(e, scopes.empty() ? nullptr : &scopes.back());
}

Value run(const ExprP &program, const std::vector<Value> &args) {
  if (program->op != Op::Lambda || program->count != (int)args.size())
    throw Error("run: the program takes " + std::to_string(program->count) + " inputs");
  std::map<std::string, int64_t> sizes;
  for (int i = 0; i < program->count; ++i)
    bindSizes(program->kids[i]->type, args[i], sizes);
  const auto *saved = sizeEnv;
  sizeEnv = &sizes;
  std::map<const Node *, Value> env;
  for (int i = 0; i < program->count; ++i)
    env[program->kids[i].get()] = args[i];
  try {
    Value r = evaluate(lambdaBody(program), env);
    sizeEnv = saved;
    return r;
  } catch (...) {
    sizeEnv = saved;
    throw;
  }
}

Value randomValue(const TypeP &t, const std::map<std::string, int64_t> &env, std::mt19937 &rng, double lo,
                  double hi) {
  std::uniform_real_distribution<double> d(lo, hi);
  switch (t->kind) {
  case Type::Scalar: {
    double v = d(rng);
    if (t->scalar == ScalarKind::Float)
      v = (float)v;
    else if (t->scalar == ScalarKind::Int)
      v = std::floor(v * 10);
    return Value::scalar(v);
  }
  case Type::Vector: {
    std::vector<Value> es;
    for (int i = 0; i < t->width; ++i)
      es.push_back(randomValue(Type::scalarT(t->scalar), env, rng, lo, hi));
    return Value::vector(es);
  }
  case Type::Array: {
    int64_t n = t->size.eval(env);
    std::vector<Value> es;
    for (int64_t i = 0; i < n; ++i)
      es.push_back(randomValue(t->elem, env, rng, lo, hi));
    return Value::array(es);
  }
  case Type::Tuple: {
    std::vector<Value> es;
    for (auto &x : t->elems)
      es.push_back(randomValue(x, env, rng, lo, hi));
    return Value::tuple(es);
  }
  }
  return {};
}

bool approxEqual(const Value &a, const Value &b, double tol, std::string *why) {
  if (a.kind != b.kind || a.elems.size() != b.elems.size()) {
    if (why)
      *why = "shapes differ: " + a.str().substr(0, 80) + " vs " + b.str().substr(0, 80);
    return false;
  }
  if (a.kind == Value::Scalar) {
    double d = std::fabs(a.s - b.s), m = std::max({1.0, std::fabs(a.s), std::fabs(b.s)});
    if (!(d <= tol * m)) {
      if (why) {
        std::ostringstream os;
        os << a.s << " vs " << b.s;
        *why = os.str();
      }
      return false;
    }
    return true;
  }
  for (size_t i = 0; i < a.elems.size(); ++i)
    if (!approxEqual(a.elems[i], b.elems[i], tol, why)) {
      if (why)
        *why = "[" + std::to_string(i) + "] " + *why;
      return false;
    }
  return true;
}

void flatten(const Value &v, std::vector<double> &out) {
  if (v.kind == Value::Scalar) {
    out.push_back(v.s);
    return;
  }
  for (auto &e : v.elems)
    flatten(e, out);
}

std::string Value::str() const {
  std::ostringstream os;
  switch (kind) {
  case Scalar: os << s; break;
  case Vector: case Array: case Tuple: {
    os << (kind == Tuple ? "(" : kind == Vector ? "<" : "[");
    for (size_t i = 0; i < elems.size(); ++i)
      os << (i ? ", " : "") << elems[i].str();
    os << (kind == Tuple ? ")" : kind == Vector ? ">" : "]");
  }
  }
  return os.str();
}

} // namespace loom::patterns
