// SPDX-License-Identifier: Apache-2.0
// Code generation. Arrays that are views (split, join, zip, get, transpose,
// reorder, reorderStride, asVector, asScalar) are index arithmetic over the
// memory they view: a CVal of array type is a function from an index to its
// element. Maps, sequential reductions and memory annotations materialize:
// they write row-major into a destination (the program's output, a global
// temporary, a __shared__ array or a private array), so join/split/asScalar
// of a result cost nothing. Levels follow the execution model: at the host
// level each materializing pattern becomes a kernel (mapGlb and mapWrg
// kernels run in parallel, others on one thread); inside a kernel mapWrg
// gives a work-group level, where mapLcl distributes over threads; a barrier
// follows a mapLcl only when it wrote memory other threads read next.
#include "loom/patterns/CodeGen.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

namespace loom::patterns {

/// True if e only rearranges its parameters (no computation, no memory).
bool isPureView(const ExprP &e);

namespace {

bool hasGlobalMapOtherDim(const ExprP &e, int dim);


[[noreturn]] void unsupported(const ExprP &e, const std::string &why) {
  std::string where = print(e);
  if (where.size() > 160)
    where = where.substr(0, 157) + "...";
  throw Error("code generation: " + patternName(e) + ": " + why + "\n  in: " + where);
}

std::string cType(ScalarKind k) { return k == ScalarKind::Double ? "double" : k == ScalarKind::Float ? "float" : "int"; }

ScalarKind baseScalar(const TypeP &t) {
  switch (t->kind) {
  case Type::Scalar: case Type::Vector: return t->scalar;
  case Type::Array: return baseScalar(t->elem);
  case Type::Tuple: {
    ScalarKind k = baseScalar(t->elems.at(0));
    for (auto &e : t->elems)
      if (baseScalar(e) != k)
        throw Error("code generation: arrays of tuples with different scalar types (" + t->str() +
                    ") are not supported in memory");
    return k;
  }
  }
  return ScalarKind::Float;
}

// Number of scalars in a value of type t.
Size leafs(const TypeP &t) {
  switch (t->kind) {
  case Type::Scalar: return 1;
  case Type::Vector: return t->width;
  case Type::Array: return t->size * leafs(t->elem);
  case Type::Tuple: {
    Size s;
    for (auto &e : t->elems)
      s = s + leafs(e);
    return s;
  }
  }
  return 1;
}

std::string add(const std::string &a, const std::string &b) {
  if (a == "0")
    return b;
  if (b == "0")
    return a;
  return "(" + a + " + " + b + ")";
}
std::string mul(const std::string &a, const std::string &b) {
  if (a == "1" || a == "(1)")
    return b;
  if (b == "1" || b == "(1)")
    return a;
  return a + "*" + b;
}
std::string sizeC(const Size &s) { return s.isConstant() ? std::to_string(s.constant()) : s.cExpr(); }

/// A value during code generation.
struct CVal {
  enum K { Scalar, Vector, Tuple, Array } k = Scalar;
  TypeP type;
  std::string expr;                             // Scalar
  std::vector<CVal> elems;                      // Vector lanes, Tuple elements
  std::function<CVal(const std::string &)> at;  // Array element
  bool contiguous = false;                      // Array in row-major memory at buf[off]
  std::string buf, off;
};

CVal scalarV(std::string e, TypeP t) {
  CVal v;
  v.type = std::move(t);
  v.expr = std::move(e);
  return v;
}

CVal load(const TypeP &t, const std::string &buf, const std::string &off) {
  CVal v;
  v.type = t;
  switch (t->kind) {
  case Type::Scalar: v.expr = buf + "[" + off + "]"; return v;
  case Type::Vector:
    v.k = CVal::Vector;
    for (int i = 0; i < t->width; ++i)
      v.elems.push_back(scalarV(buf + "[" + add(off, std::to_string(i)) + "]", Type::scalarT(t->scalar)));
    return v;
  case Type::Tuple: {
    v.k = CVal::Tuple;
    std::string o = off;
    for (auto &e : t->elems) {
      v.elems.push_back(load(e, buf, o));
      o = add(o, sizeC(leafs(e)));
    }
    return v;
  }
  case Type::Array: {
    v.k = CVal::Array;
    v.contiguous = true;
    v.buf = buf;
    v.off = off;
    TypeP el = t->elem;
    std::string L = sizeC(leafs(el));
    v.at = [el, buf, off, L](const std::string &i) { return load(el, buf, add(off, mul("(" + i + ")", L))); };
    return v;
  }
  }
  return v;
}

void flattenC(const CVal &v, std::vector<std::string> &out) {
  if (v.k == CVal::Scalar)
    out.push_back(v.expr);
  else if (v.k == CVal::Array)
    throw Error("code generation: cannot store a whole array value " + v.type->str() + " here; map over it");
  else
    for (auto &e : v.elems)
      flattenC(e, out);
}

struct Dest {
  std::string buf, off;
  AddrSpace space;
  bool intermediate; // read again later (a barrier may be needed)
};

class Gen {
public:
  Gen(const Program &p, const CodeGenOptions &o) : prog(p), opts(o), cuda(o.dialect == Dialect::CUDA) {}

  GeneratedCode run();

private:
  enum Level { Host, Kernel, Workgroup, Thread };
  const Program &prog;
  CodeGenOptions opts;
  bool cuda;
  std::ostringstream funs, kernels, host;
  std::set<const UserFun *> emitted;
  struct GlobalBuf { std::string name; ScalarKind k; };
  std::vector<GlobalBuf> globals;
  std::vector<std::string> scalarParams; // "float alpha"
  std::vector<std::string> scalarArgs;   // "alpha"
  std::vector<std::string> sizeVars;
  std::map<const Node *, CVal> env;
  std::map<const Node *, CVal> hoisted; // parallel maps computed by earlier kernels
  int counter = 0, kernelCount = 0;
  Level level = Host;
  // The kernel being generated.
  std::ostringstream *out = nullptr;
  std::ostringstream prologue;
  int indent = 1;
  bool usedLocal = false;
  int globalDims = 0; // dimensions of the enclosing mapGlb loops
  bool inPlaceRows = false; // an array accumulator is updated in place (rows streamed per thread)

  std::string fresh(const char *p) { return p + std::to_string(counter++); }
  void line(const std::string &s) { *out << std::string(2 * indent, ' ') << s << "\n"; }
  std::string idx(const char *what, int dim) {
    static const char *xyz[] = {"x", "y", "z"};
    if (cuda)
      return std::string(what) + "." + xyz[dim];
    std::string w = what;
    std::string f = w == "blockIdx" ? "get_group_id" : w == "threadIdx" ? "get_local_id" : w == "blockDim" ? "get_local_size" : "get_num_groups";
    return "(int)" + f + "(" + std::to_string(dim) + ")";
  }
  std::string barrier() { return cuda ? "__syncthreads();" : "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"; }

  std::string literal(double v, ScalarKind k) {
    std::ostringstream os;
    if (k == ScalarKind::Int || k == ScalarKind::Bool)
      return std::to_string((long long)v);
    os << std::setprecision(17) << v;
    std::string s = os.str();
    if (s.find_first_of(".en") == std::string::npos)
      s += ".0";
    if (std::isinf(v))
      s = v > 0 ? "INFINITY" : "(-INFINITY)";
    return k == ScalarKind::Float && !std::isinf(v) ? s + "f" : s;
  }

  // ---- user functions ----
  std::string sexpr(const SExprP &e, ScalarKind k) {
    auto a = [&](int i) { return sexpr(e->args[i], k); };
    bool f = k == ScalarKind::Float && cuda;
    auto fn = [&](const char *name) { return std::string(name) + (f ? "f" : "") + "(" + a(0) + ")"; };
    switch (e->op) {
    case SExpr::Const: return literal(e->value, k);
    case SExpr::Var: {
      std::string n = e->name;
      for (size_t p; (p = n.find('.')) != std::string::npos;)
        n.replace(p, 1, "_");
      return n;
    }
    case SExpr::Add: return "(" + a(0) + " + " + a(1) + ")";
    case SExpr::Sub: return "(" + a(0) + " - " + a(1) + ")";
    case SExpr::Mul: return "(" + a(0) + " * " + a(1) + ")";
    case SExpr::Div: return "(" + a(0) + " / " + a(1) + ")";
    case SExpr::Min: return std::string(f ? "fminf" : "fmin") + "(" + a(0) + ", " + a(1) + ")";
    case SExpr::Max: return std::string(f ? "fmaxf" : "fmax") + "(" + a(0) + ", " + a(1) + ")";
    case SExpr::Lt: return "(" + a(0) + " < " + a(1) + ")";
    case SExpr::Le: return "(" + a(0) + " <= " + a(1) + ")";
    case SExpr::Gt: return "(" + a(0) + " > " + a(1) + ")";
    case SExpr::Ge: return "(" + a(0) + " >= " + a(1) + ")";
    case SExpr::Eq: return "(" + a(0) + " == " + a(1) + ")";
    case SExpr::And: return "(" + a(0) + " && " + a(1) + ")";
    case SExpr::Or: return "(" + a(0) + " || " + a(1) + ")";
    case SExpr::Neg: return "(-" + a(0) + ")";
    case SExpr::Abs: return fn("fabs");
    case SExpr::Exp: return fn("exp");
    case SExpr::Log: return fn("log");
    case SExpr::Sqrt: return fn("sqrt");
    case SExpr::Not: return "(!" + a(0) + ")";
    case SExpr::Select: return "(" + a(0) + " ? " + a(1) + " : " + a(2) + ")";
    }
    return "0";
  }
  void paramDecls(const std::string &name, const TypeP &t, std::vector<std::string> &out) {
    if (t->kind == Type::Tuple) {
      for (size_t i = 0; i < t->elems.size(); ++i)
        paramDecls(name + "__" + std::to_string(i), t->elems[i], out);
      return;
    }
    if (t->kind != Type::Scalar)
      throw Error("code generation: user function parameter " + name + " of type " + t->str());
    out.push_back(cType(t->scalar) + " " + name);
  }
  void emitFun(const UserFun &f) {
    if (!emitted.insert(&f).second)
      return;
    std::vector<std::string> ps;
    for (auto &[n, t] : f.params)
      paramDecls(n, t, ps);
    ScalarKind k = baseScalar(f.ret);
    bool tup = f.ret->kind == Type::Tuple;
    if (tup)
      for (size_t i = 0; i < f.ret->elems.size(); ++i)
        ps.push_back(cType(f.ret->elems[i]->scalar) + (cuda ? " *" : " __private *") + "out" + std::to_string(i));
    funs << (cuda ? "__device__ static inline " : "static inline ") << (tup ? "void" : cType(f.ret->scalar)) << " uf_"
         << f.name << "(";
    for (size_t i = 0; i < ps.size(); ++i)
      funs << (i ? ", " : "") << ps[i];
    funs << ") {\n";
    for (auto &[n, x] : f.lets)
      funs << "  const " << cType(k) << " " << n << " = " << sexpr(x, k) << ";\n";
    if (tup)
      for (size_t i = 0; i < f.results.size(); ++i)
        funs << "  *out" << i << " = " << sexpr(f.results[i], k) << ";\n";
    else
      funs << "  return " << sexpr(f.results[0], k) << ";\n";
    funs << "}\n";
  }
  CVal lane(const CVal &v, int k) {
    if (v.k == CVal::Vector)
      return v.elems.at(k);
    if (v.k == CVal::Tuple) {
      CVal r = v;
      for (auto &e : r.elems)
        e = lane(e, k);
      return r;
    }
    return v;
  }
  CVal callScalar(const UserFun &f, const std::vector<CVal> &args) {
    emitFun(f);
    std::vector<std::string> as;
    for (auto &a : args)
      flattenC(a, as);
    std::string list;
    for (size_t i = 0; i < as.size(); ++i)
      list += (i ? ", " : "") + as[i];
    if (f.ret->kind == Type::Tuple) {
      CVal r;
      r.k = CVal::Tuple;
      r.type = f.ret;
      std::string outs;
      for (auto &t : f.ret->elems) {
        std::string n = fresh("r");
        line(cType(t->scalar) + " " + n + ";");
        outs += ", &" + n;
        r.elems.push_back(scalarV(n, t));
      }
      line("uf_" + f.name + "(" + list + outs + ");");
      return r;
    }
    std::string n = fresh("v");
    line("const " + cType(f.ret->scalar) + " " + n + " = uf_" + f.name + "(" + list + ");");
    return scalarV(n, f.ret);
  }

  // ---- variables ----
  CVal declare(const TypeP &t, const CVal *init) {
    std::vector<std::string> inits;
    if (init)
      flattenC(*init, inits);
    size_t pos = 0;
    std::function<CVal(const TypeP &)> mk = [&](const TypeP &ty) -> CVal {
      if (ty->kind == Type::Scalar) {
        std::string n = fresh("acc");
        line(cType(ty->scalar) + " " + n + (init ? " = " + inits.at(pos++) : "") + ";");
        return scalarV(n, ty);
      }
      if (ty->kind == Type::Array)
        throw Error("code generation: an accumulator of array type " + ty->str() + " is not supported");
      CVal v;
      v.type = ty;
      v.k = ty->kind == Type::Vector ? CVal::Vector : CVal::Tuple;
      if (ty->kind == Type::Vector)
        for (int i = 0; i < ty->width; ++i)
          v.elems.push_back(mk(Type::scalarT(ty->scalar)));
      else
        for (auto &e : ty->elems)
          v.elems.push_back(mk(e));
      return v;
    };
    return mk(t);
  }
  void assign(const CVal &dst, const CVal &src) {
    std::vector<std::string> d, s;
    flattenC(dst, d);
    flattenC(src, s);
    if (d.size() == 1) {
      line(d[0] + " = " + s[0] + ";");
      return;
    }
    std::vector<std::string> types;
    std::function<void(const CVal &)> leafTypes = [&](const CVal &v) {
      if (v.k == CVal::Scalar)
        types.push_back(cType(v.type->scalar));
      else
        for (auto &e : v.elems)
          leafTypes(e);
    };
    leafTypes(dst);
    std::vector<std::string> tmps;
    for (size_t i = 0; i < s.size(); ++i) {
      tmps.push_back(fresh("n"));
      line("const " + types.at(i) + " " + tmps.back() + " = " + s[i] + ";");
    }
    for (size_t i = 0; i < d.size(); ++i)
      line(d[i] + " = " + tmps[i] + ";");
  }
  void store(const Dest &d, const std::string &off, const CVal &v) {
    std::vector<std::string> s;
    flattenC(v, s);
    for (size_t i = 0; i < s.size(); ++i)
      line(d.buf + "[" + add(off, std::to_string(i)) + "] = " + s[i] + ";");
  }

  // ---- values ----
  CVal gen(const ExprP &e);
  void genInto(const ExprP &e, const Dest &d);
  CVal materialize(const ExprP &e, AddrSpace space);
  CVal reduceSeqVal(const ExprP &e);
  void reduceInPlace(const ExprP &e, const Dest &d);
  void mapLoop(const ExprP &e, const Dest &d);
  CVal view(const ExprP &e);
  void kernel(const ExprP &root, const ExprP &e, const Dest &d);
  void hoist(const ExprP &e);
  std::string globalTemp(const TypeP &t);
};

CVal Gen::view(const ExprP &e) {
  // split(n/s, reorderStride(s, y)): chunk c, element j is y[c + s*j]
  // (the division and modulo of the two views cancel: c*(n/s)+j with
  // j < n/s). The reduction derivations produce exactly this.
  if (e->op == Op::Split && e->kids[0]->op == Op::ReorderStride &&
      e->n == e->kids[0]->type->size / e->kids[0]->n) {
    CVal y = gen(e->kids[0]->kids[0]);
    std::string s = sizeC(e->kids[0]->n);
    TypeP inner = e->type->elem;
    CVal v;
    v.k = CVal::Array;
    v.type = e->type;
    v.at = [y, s, inner](const std::string &c) {
      CVal chunk;
      chunk.k = CVal::Array;
      chunk.type = inner;
      chunk.at = [y, s, c](const std::string &j) { return y.at(add("(" + c + ")", mul(s, "(" + j + ")"))); };
      return chunk;
    };
    return v;
  }
  CVal x = gen(e->kids[0]);
  CVal v;
  v.k = CVal::Array;
  v.type = e->type;
  switch (e->op) {
  case Op::Split: {
    std::string n = sizeC(e->n);
    TypeP inner = e->type->elem;
    if (x.contiguous)
      return load(e->type, x.buf, x.off);
    v.at = [x, n, inner](const std::string &i) {
      CVal c;
      c.k = CVal::Array;
      c.type = inner;
      c.at = [x, n, i](const std::string &j) { return x.at(add(mul("(" + i + ")", n), j)); };
      return c;
    };
    return v;
  }
  case Op::Join: {
    if (x.contiguous)
      return load(e->type, x.buf, x.off);
    std::string m = sizeC(e->kids[0]->type->elem->size);
    v.at = [x, m](const std::string &i) { return x.at("(" + i + ")/" + m).at("(" + i + ")%" + m); };
    return v;
  }
  case Op::Reorder:
  case Op::ToGlobal: case Op::ToLocal: case Op::ToPrivate:
    return x;
  case Op::ReorderStride: {
    std::string s = sizeC(e->n), t = sizeC(e->type->size / e->n);
    v.at = [x, s, t](const std::string &i) {
      return x.at("(" + i + ")/" + t + " + " + mul(s, "((" + i + ")%" + t + ")"));
    };
    return v;
  }
  case Op::Transpose: {
    TypeP inner = e->type->elem;
    v.at = [x, inner](const std::string &i) {
      CVal c;
      c.k = CVal::Array;
      c.type = inner;
      c.at = [x, i](const std::string &j) { return x.at(j).at(i); };
      return c;
    };
    return v;
  }
  case Op::AsVector: {
    if (x.contiguous)
      return load(e->type, x.buf, x.off);
    int w = (int)e->n.constant();
    TypeP vt = e->type->elem;
    v.at = [x, w, vt](const std::string &i) {
      CVal c;
      c.k = CVal::Vector;
      c.type = vt;
      for (int k = 0; k < w; ++k)
        c.elems.push_back(x.at(add(mul("(" + i + ")", std::to_string(w)), std::to_string(k))));
      return c;
    };
    return v;
  }
  case Op::Slide: {
    TypeP inner = e->type->elem;
    std::string step = std::to_string(e->count);
    v.at = [x, inner, step](const std::string &i) {
      CVal c;
      c.k = CVal::Array;
      c.type = inner;
      c.at = [x, i, step](const std::string &j) { return x.at(add(mul("(" + i + ")", step), j)); };
      return c;
    };
    return v;
  }
  case Op::Pad: {
    std::string left = std::to_string(e->count), last = sizeC(e->kids[0]->type->size - Size(1));
    v.at = [x, left, last](const std::string &i) {
      return x.at("loom_clamp((" + i + ") - " + left + ", 0, " + last + ")");
    };
    return v;
  }
  case Op::AsScalar: {
    if (x.contiguous)
      return load(e->type, x.buf, x.off);
    int w = e->kids[0]->type->elem->width;
    v.at = [x, w](const std::string &i) {
      CVal el = x.at("(" + i + ")/" + std::to_string(w));
      std::string sel = el.elems[w - 1].expr;
      for (int k = w - 2; k >= 0; --k)
        sel = "((" + i + ")%" + std::to_string(w) + " == " + std::to_string(k) + " ? " + el.elems[k].expr + " : " + sel + ")";
      return scalarV(sel, el.elems[0].type);
    };
    return v;
  }
  default: break;
  }
  unsupported(e, "not a view");
}

CVal Gen::gen(const ExprP &e) {
  auto h = hoisted.find(e.get());
  if (h != hoisted.end())
    return h->second;
  switch (e->op) {
  case Op::Param: {
    auto it = env.find(e.get());
    if (it == env.end())
      unsupported(e, "unbound parameter " + e->name);
    return it->second;
  }
  case Op::Literal: return scalarV(literal(e->value, e->type->scalar), e->type);
  case Op::Lambda: unsupported(e, "a function where a value is expected");
  case Op::Call: {
    if (level == Host)
      unsupported(e, "a computation outside any kernel; map over the data with mapGlb, mapWrg or mapSeq");
    std::vector<CVal> args;
    for (auto &k : e->kids)
      args.push_back(gen(k));
    if (e->vecWidth == 1)
      return callScalar(*e->fun, args);
    std::vector<CVal> lanes;
    for (int k = 0; k < e->vecWidth; ++k) {
      std::vector<CVal> la;
      for (auto &a : args)
        la.push_back(lane(a, k));
      lanes.push_back(callScalar(*e->fun, la));
    }
    CVal r;
    r.type = e->type;
    if (e->fun->ret->kind == Type::Tuple) {
      r.k = CVal::Tuple;
      for (size_t i = 0; i < e->fun->ret->elems.size(); ++i) {
        CVal v;
        v.k = CVal::Vector;
        v.type = e->type->elems[i];
        for (auto &l : lanes)
          v.elems.push_back(l.elems[i]);
        r.elems.push_back(v);
      }
      return r;
    }
    r.k = CVal::Vector;
    r.elems = lanes;
    return r;
  }
  case Op::Tuple: {
    CVal r;
    r.k = CVal::Tuple;
    r.type = e->type;
    for (auto &k : e->kids)
      r.elems.push_back(gen(k));
    return r;
  }
  case Op::Get: {
    CVal x = gen(e->kids[0]);
    return x.elems.at(e->count);
  }
  case Op::Zip: {
    std::vector<CVal> xs;
    for (auto &k : e->kids)
      xs.push_back(gen(k));
    CVal v;
    v.k = CVal::Array;
    v.type = e->type;
    TypeP et = e->type->elem;
    v.at = [xs, et](const std::string &i) {
      CVal t;
      t.k = CVal::Tuple;
      t.type = et;
      for (auto &x : xs)
        t.elems.push_back(x.at(i));
      return t;
    };
    return v;
  }
  case Op::Split: case Op::Join: case Op::Reorder: case Op::ReorderStride: case Op::Transpose:
  case Op::AsVector: case Op::AsScalar: case Op::Slide: case Op::Pad:
    return view(e);
  case Op::Index: {
    CVal x = gen(e->kids[0]);
    CVal i = gen(e->kids[1]);
    if (i.k != CVal::Scalar)
      unsupported(e, "the index must be a scalar");
    return x.at("(int)(" + i.expr + ")");
  }
  case Op::Map:
    if (isPureView(lambdaBody(e->kids[0]))) {
      // A map of a view (map(transpose), map(slide)) is a view too.
      CVal x = gen(e->kids[1]);
      CVal v;
      v.k = CVal::Array;
      v.type = e->type;
      ExprP f = e->kids[0];
      v.at = [this, x, f](const std::string &i) {
        env[f->kids[0].get()] = x.at(i);
        return gen(lambdaBody(f));
      };
      return v;
    }
    if (e->mapKind == MapKind::Map)
      unsupported(e, "a high-level map is not lowered; rewrite it to mapGlb, mapWrg, mapLcl or mapSeq");
    return materialize(e, level == Host ? AddrSpace::Global : level == Workgroup ? AddrSpace::Local : AddrSpace::Private);
  case Op::Reduce:
    if (e->reduceKind != ReduceKind::Seq)
      unsupported(e, "a high-level reduce is not lowered; rewrite it (reduceToSeq, or a partial reduction)");
    if (level == Host)
      return materialize(e, AddrSpace::Global);
    return reduceSeqVal(e);
  case Op::ReducePart:
    unsupported(e, "a partial reduction is not lowered; rewrite it (partialSplitJoin, partialToReduce)");
  case Op::Iterate: {
    CVal x = gen(e->kids[1]);
    const ExprP &f = e->kids[0];
    for (int i = 0; i < e->count; ++i) {
      typeCheckFun(f, {x.type});
      env[f->kids[0].get()] = x;
      x = gen(lambdaBody(f));
    }
    typeCheckFun(f, {e->kids[1]->type});
    return x;
  }
  case Op::ToGlobal: return materialize(e->kids[0], AddrSpace::Global);
  case Op::ToLocal: return materialize(e->kids[0], AddrSpace::Local);
  case Op::ToPrivate: return materialize(e->kids[0], AddrSpace::Private);
  }
  unsupported(e, "unknown pattern");
}

std::string Gen::globalTemp(const TypeP &t) {
  std::string name = fresh("tmp");
  ScalarKind k = baseScalar(t);
  globals.push_back({name, k});
  host << "  " << cType(k) << " *" << name << " = nullptr;\n";
  host << "  if ((err = cudaMalloc((void **)&" << name << ", sizeof(" << cType(k) << ") * (size_t)" << sizeC(leafs(t))
       << "))) break;\n";
  host << "  allocs[nallocs++] = " << name << ";\n";
  return name;
}

CVal Gen::materialize(const ExprP &e, AddrSpace space) {
  TypeP t = e->type;
  if (t->kind != Type::Array)
    unsupported(e, "only arrays are placed in memory");
  ScalarKind k = baseScalar(t);
  std::string name;
  if (level == Host) {
    if (space != AddrSpace::Global)
      unsupported(e, std::string("a ") + addrSpaceName(space) + " array outside any kernel (local memory needs a mapWrg, private a thread)");
    name = globalTemp(t);
    genInto(e, {name, "0", AddrSpace::Global, true});
    return load(t, name, "0");
  }
  Size n = leafs(t);
  if (space == AddrSpace::Global)
    unsupported(e, "a global intermediate inside a kernel is not supported; materialize it at the top level (its own kernel)");
  if (!n.isConstant())
    unsupported(e, std::string("a ") + addrSpaceName(space) + " array needs a constant size, not " + n.str() +
                       " (split by a constant first)");
  if (space == AddrSpace::Local) {
    if (level != Workgroup)
      unsupported(e, "local memory is written by the threads of a work-group: place toLocal around a mapLcl inside a mapWrg");
    name = fresh("lcl");
    prologue << "  " << (cuda ? "__shared__ " : "__local ") << cType(k) << " " << name << "[" << n.constant() << "];\n";
    usedLocal = true;
  } else {
    if (level != Thread)
      unsupported(e, "private memory belongs to one thread: place toPrivate inside a mapLcl, mapGlb or mapSeq");
    name = fresh("prv");
    line(cType(k) + " " + name + "[" + std::to_string(n.constant()) + "];");
  }
  genInto(e, {name, "0", space, true});
  return load(t, name, "0");
}

CVal Gen::reduceSeqVal(const ExprP &e) {
  CVal init = gen(e->kids[1]);
  CVal x = gen(e->kids[2]);
  CVal acc = declare(e->kids[1]->type, &init);
  std::string j = fresh("j");
  line("for (int " + j + " = 0; " + j + " < " + sizeC(e->kids[2]->type->size) + "; ++" + j + ") {");
  ++indent;
  const ExprP &f = e->kids[0];
  env[f->kids[0].get()] = acc;
  env[f->kids[1].get()] = x.at(j);
  CVal r = gen(lambdaBody(f));
  assign(acc, r);
  --indent;
  line("}");
  CVal v;
  v.k = CVal::Array;
  v.type = e->type;
  v.at = [acc](const std::string &) { return acc; };
  return v;
}

// Does body (an operator's body, acc its accumulator) update acc element by
// element: map(f, zip(acc, ...)) where f reads only the element of acc it
// writes (recursively for nested arrays)? Then it can run in place.
static bool containsNode(const ExprP &e, const std::function<bool(const ExprP &)> &pred) {
  if (pred(e))
    return true;
  for (auto &k : e->kids)
    if (containsNode(k, pred))
      return true;
  return false;
}
static bool elementwiseUpdate(const ExprP &body, const std::function<bool(const ExprP &)> &isAcc, const ExprP &accParam) {
  if (body->op != Op::Map || body->mapKind != MapKind::Seq || body->kids[1]->op != Op::Zip)
    return false;
  const ExprP &z = body->kids[1];
  if (!isAcc(z->kids[0]))
    return false;
  for (size_t i = 1; i < z->kids.size(); ++i)
    if (containsNode(z->kids[i], isAcc) || containsNode(z->kids[i], [&](const ExprP &n) { return n == accParam; }))
      return false;
  const ExprP &f = body->kids[0];
  const ExprP &v = f->kids[0];
  if (containsNode(lambdaBody(f), [&](const ExprP &n) { return n == accParam; }))
    return false;
  TypeP el = z->kids[0]->type->elem;
  if (el->kind != Type::Array)
    return true; // a scalar element: v._0 is exactly the element written
  return elementwiseUpdate(lambdaBody(f), [v](const ExprP &n) { return n->op == Op::Get && n->count == 0 && n->kids[0] == v; },
                           accParam);
}

// reduceSeq(op, z, x) with an array accumulator: z is written to the
// destination, then every step updates it there (op must be element-wise).
void Gen::reduceInPlace(const ExprP &e, const Dest &d) {
  const ExprP &f = e->kids[0];
  const ExprP &acc = f->kids[0];
  if (!elementwiseUpdate(lambdaBody(f), [acc](const ExprP &n) { return n == acc; }, acc))
    unsupported(e, "an array accumulator is updated in place: the operator must be mapSeq(f, zip(acc, ...)) where f "
                   "reads only the element of acc it writes");
  genInto(e->kids[1], d);
  CVal x = gen(e->kids[2]);
  std::string k = fresh("k");
  line("for (int " + k + " = 0; " + k + " < " + sizeC(e->kids[2]->type->size) + "; ++" + k + ") {");
  ++indent;
  env[acc.get()] = load(e->kids[1]->type, d.buf, d.off);
  env[f->kids[1].get()] = x.at(k);
  genInto(lambdaBody(f), d);
  --indent;
  line("}");
  inPlaceRows = true;
}

void Gen::mapLoop(const ExprP &e, const Dest &d) {
  CVal x = gen(e->kids[1]);
  const ExprP &f = e->kids[0];
  std::string n = sizeC(e->kids[1]->type->size);
  std::string i = fresh("i");
  Level inner = Thread;
  int dim = e->dim;
  switch (e->mapKind) {
  case MapKind::Map: unsupported(e, "a high-level map is not lowered");
  case MapKind::Seq:
    if (level != Thread)
      unsupported(e, "mapSeq runs in one thread: place it inside mapGlb, mapLcl or at the top level");
    line("for (int " + i + " = 0; " + i + " < " + n + "; ++" + i + ") {");
    break;
  case MapKind::Global:
    if (level != Kernel)
      unsupported(e, "mapGlb must be the outermost map of a kernel (or nested in a mapGlb of another dimension)");
    if (globalDims & (1 << dim))
      unsupported(e, "mapGlb" + std::to_string(dim) + " inside a mapGlb of the same dimension");
    // A mapGlb of another dimension inside: its threads are the same
    // kernel-level threads, split along that dimension.
    if (hasGlobalMapOtherDim(lambdaBody(f), dim))
      inner = Kernel;
    line("for (int " + i + " = " + idx("blockIdx", dim) + " * " + idx("blockDim", dim) + " + " + idx("threadIdx", dim) +
         "; " + i + " < " + n + "; " + i + " += " + idx("gridDim", dim) + " * " + idx("blockDim", dim) + ") {");
    break;
  case MapKind::Workgroup:
    if (level != Kernel)
      unsupported(e, "mapWrg must be the outermost map of a kernel");
    line("for (int " + i + " = " + idx("blockIdx", dim) + "; " + i + " < " + n + "; " + i + " += " + idx("gridDim", dim) + ") {");
    inner = Workgroup;
    break;
  case MapKind::Local:
    if (level != Workgroup)
      unsupported(e, "mapLcl must be inside a mapWrg");
    line("for (int " + i + " = " + idx("threadIdx", dim) + "; " + i + " < " + n + "; " + i + " += " + idx("blockDim", dim) + ") {");
    break;
  }
  ++indent;
  Level saved = level;
  level = inner;
  int savedDims = globalDims;
  if (e->mapKind == MapKind::Global)
    globalDims |= 1 << dim;
  bool savedLocal = usedLocal;
  usedLocal = false;
  env[f->kids[0].get()] = x.at(i);
  TypeP rt = e->type->elem;
  std::string off = add(d.off, mul(i, sizeC(leafs(rt))));
  if (rt->kind == Type::Array)
    genInto(lambdaBody(f), {d.buf, off, d.space, d.intermediate});
  else
    store(d, off, gen(lambdaBody(f)));
  if (e->mapKind == MapKind::Workgroup && usedLocal)
    // Threads of the next work-group iteration overwrite local memory
    // others may still read.
    line("if (" + i + " + " + idx("gridDim", dim) + " < " + n + ") " + barrier());
  usedLocal = savedLocal || usedLocal;
  level = saved;
  globalDims = savedDims;
  --indent;
  line("}");
  if (e->mapKind == MapKind::Local && d.intermediate && d.space == AddrSpace::Local)
    line(barrier()); // other threads read what this map wrote
}

void Gen::genInto(const ExprP &e, const Dest &d) {
  switch (e->op) {
  case Op::Join: case Op::Split: case Op::AsScalar: case Op::AsVector:
    // Row-major memory: reshaping the result costs nothing.
    return genInto(e->kids[0], d);
  case Op::ToGlobal: case Op::ToLocal: case Op::ToPrivate: {
    AddrSpace s = e->op == Op::ToGlobal ? AddrSpace::Global : e->op == Op::ToLocal ? AddrSpace::Local : AddrSpace::Private;
    if (s != d.space) {
      CVal v = materialize(e->kids[0], s);
      unsupported(e, std::string("the result is placed in ") + addrSpaceName(s) + " memory but must be written to " +
                         addrSpaceName(d.space) + " memory; copy it with a map");
    }
    return genInto(e->kids[0], d);
  }
  case Op::Iterate: {
    if (e->count == 0)
      break;
    const ExprP &f = e->kids[0];
    CVal x = gen(e->kids[1]);
    for (int i = 0; i + 1 < e->count; ++i) {
      typeCheckFun(f, {x.type});
      env[f->kids[0].get()] = x;
      x = gen(lambdaBody(f));
    }
    typeCheckFun(f, {x.type});
    env[f->kids[0].get()] = x;
    genInto(lambdaBody(f), d);
    typeCheckFun(f, {e->kids[1]->type});
    return;
  }
  case Op::Map:
    if (level == Host)
      return kernel(e, e, d);
    return mapLoop(e, d);
  case Op::Reduce:
    if (level == Host)
      return kernel(e, e, d);
    if (e->reduceKind != ReduceKind::Seq)
      unsupported(e, "a high-level reduce is not lowered");
    if (e->kids[1]->type->kind == Type::Array)
      return reduceInPlace(e, d);
    store(d, d.off, reduceSeqVal(e).at("0"));
    return;
  default:
    break;
  }
  CVal v = gen(e);
  if (level == Host)
    unsupported(e, "the result is a view of the inputs; copy it with a mapGlb or mapSeq");
  if (v.k != CVal::Array) {
    store(d, d.off, v);
    return;
  }
  unsupported(e, "cannot write this array to memory; map over it (e.g. mapSeq(y => y))");
}

// The sizes of the arrays the mapLcl under e map over (the work-group
// size is the largest).
static void localMapSizes(const ExprP &e, std::vector<std::string> &out) {
  if (e->op == Op::Map && e->mapKind == MapKind::Local && e->kids[1]->type) {
    std::string s = sizeC(e->kids[1]->type->size);
    if (std::find(out.begin(), out.end(), s) == out.end())
      out.push_back(s);
  }
  for (auto &k : e->kids)
    localMapSizes(k, out);
}

// Is there a mapGlb of a dimension other than dim in e (not below another map)?
bool hasGlobalMapOtherDim(const ExprP &e, int dim) {
  if (e->op == Op::Map && e->mapKind == MapKind::Global)
    return e->dim != dim;
  if (e->op == Op::Map)
    return false;
  for (auto &k : e->kids)
    if (k->op != Op::Lambda && hasGlobalMapOtherDim(k, dim))
      return true;
  return false;
}

static bool isParallelMap(const ExprP &e) {
  return e->op == Op::Map && (e->mapKind == MapKind::Global || e->mapKind == MapKind::Workgroup);
}

// A kernel's inputs that are themselves parallel maps (outside its lambdas)
// run first, as their own kernels, into global temporaries.
void Gen::hoist(const ExprP &e) {
  for (auto &k : e->kids) {
    if (k->op == Op::Lambda || hoisted.count(k.get()))
      continue;
    if (isParallelMap(k)) {
      CVal v = materialize(k, AddrSpace::Global);
      hoisted[k.get()] = v;
      continue;
    }
    hoist(k);
  }
}

void Gen::kernel(const ExprP &root, const ExprP &e, const Dest &d) {
  level = Host;
  hoist(e);
  std::ostringstream body;
  prologue.str("");
  out = &body;
  indent = 1;
  usedLocal = false;
  std::string grid = "1", block = "1";
  bool parallel = e->op == Op::Map && (e->mapKind == MapKind::Global || e->mapKind == MapKind::Workgroup);
  level = parallel ? Kernel : Thread;
  std::string n = parallel ? sizeC(e->kids[1]->type->size) : "1";
  if (parallel && e->mapKind == MapKind::Global) {
    // Each dimension's extent: the size its (outermost) mapGlb maps over.
    std::string ext[3] = {"", "", ""};
    std::function<void(const ExprP &)> dims = [&](const ExprP &x) {
      if (x->op == Op::Map && x->mapKind == MapKind::Global && ext[x->dim].empty())
        ext[x->dim] = sizeC(x->kids[1]->type->size);
      for (auto &k : x->kids)
        dims(k);
    };
    dims(e);
    if (ext[1].empty() && ext[2].empty() && e->dim == 0) {
      block = std::to_string(opts.blockSize);
      grid = "loom_min((" + n + " + " + block + " - 1) / " + block + ", " + std::to_string(opts.maxBlocks) + ")";
    } else {
      // Threads along x (a block of blockSize), blocks along y and z.
      std::string bx = ext[0].empty() ? "1" : std::to_string(opts.blockSize);
      std::string gx = ext[0].empty() ? "1" : "loom_min((" + ext[0] + " + " + bx + " - 1) / " + bx + ", " + std::to_string(opts.maxBlocks) + ")";
      std::string gy = ext[1].empty() ? "1" : "loom_min(" + ext[1] + ", 65535)";
      std::string gz = ext[2].empty() ? "1" : "loom_min(" + ext[2] + ", 65535)";
      grid = "dim3(" + gx + ", " + gy + ", " + gz + ")";
      block = "dim3(" + bx + ", 1, 1)";
    }
  } else if (parallel) {
    grid = "loom_min(" + n + ", " + std::to_string(opts.maxBlocks) + ")";
    std::vector<std::string> sizes;
    localMapSizes(e, sizes);
    if (!sizes.empty()) {
      std::string m = sizes[0];
      for (size_t i = 1; i < sizes.size(); ++i)
        m = "loom_max(" + m + ", " + sizes[i] + ")";
      block = "loom_min(" + m + ", 1024)";
    }
  }
  genInto(root, d);
  level = Host;
  out = nullptr;
  std::string name = "loom_pattern_k" + std::to_string(kernelCount++);
  std::vector<std::string> params, args;
  for (auto &g : globals) {
    params.push_back((cuda ? "" : "__global ") + cType(g.k) + " *" + g.name);
    args.push_back(g.name);
  }
  for (size_t i = 0; i < scalarParams.size(); ++i) {
    params.push_back(scalarParams[i]);
    args.push_back(scalarArgs[i]);
  }
  for (auto &v : sizeVars) {
    params.push_back("int " + v);
    args.push_back(v);
  }
  kernels << (cuda ? "__global__ void " : "__kernel void ") << name << "(";
  for (size_t i = 0; i < params.size(); ++i)
    kernels << (i ? ", " : "") << params[i];
  kernels << ") {\n" << prologue.str() << body.str() << "}\n\n";
  host << "  " << name << "<<<" << grid << ", " << block << ">>>(";
  for (size_t i = 0; i < args.size(); ++i)
    host << (i ? ", " : "") << args[i];
  host << ");\n  if ((err = cudaGetLastError())) break;\n";
}

GeneratedCode Gen::run() {
  GeneratedCode g;
  const ExprP &f = prog.fun;
  std::vector<TypeP> ins;
  for (int i = 0; i < f->count; ++i) {
    if (!f->kids[i]->type)
      throw Error("code generation: input " + f->kids[i]->name + " has no type");
    ins.push_back(f->kids[i]->type);
  }
  g.output = typeCheckFun(f, ins);
  g.inputs = ins;
  std::set<std::string> vars;
  for (auto &t : ins) {
    std::function<void(const TypeP &)> collect = [&](const TypeP &t) {
      if (t->kind == Type::Array) {
        for (auto &v : t->size.variables())
          vars.insert(v);
        collect(t->elem);
      }
      if (t->kind == Type::Tuple)
        for (auto &e : t->elems)
          collect(e);
    };
    collect(t);
  }
  sizeVars.assign(vars.begin(), vars.end());
  g.sizeVars = sizeVars;
  if (g.output->kind != Type::Array)
    throw Error("code generation: the program's result must be an array, not " + g.output->str());
  std::ostringstream sizesDecl, runPre, runPost;
  for (size_t i = 0; i < sizeVars.size(); ++i)
    sizesDecl << "  const int " << sizeVars[i] << " = (int)sizes[" << i << "];\n";
  for (int i = 0; i < f->count; ++i) {
    const ExprP &p = f->kids[i];
    std::string name = "in_" + p->name;
    if (p->type->kind == Type::Scalar) {
      scalarParams.push_back(cType(p->type->scalar) + " " + name);
      scalarArgs.push_back(name);
      host << "  const " << cType(p->type->scalar) << " " << name << " = *(const " << cType(p->type->scalar)
           << " *)inputs[" << i << "];\n";
      env[p.get()] = scalarV(name, p->type);
      runPre << "    dev[" << i << "] = inputs[" << i << "];\n";
      continue;
    }
    ScalarKind k = baseScalar(p->type);
    globals.push_back({name, k});
    std::string bytes = "sizeof(" + cType(k) + ") * (size_t)" + sizeC(leafs(p->type));
    host << "  " << cType(k) << " *" << name << " = (" << cType(k) << " *)inputs[" << i << "];\n";
    runPre << "    if ((err = cudaMalloc(&dev[" << i << "], " << bytes << "))) break;\n";
    runPre << "    allocs[nallocs++] = dev[" << i << "];\n";
    runPre << "    if ((err = cudaMemcpy(dev[" << i << "], inputs[" << i << "], " << bytes
           << ", cudaMemcpyHostToDevice))) break;\n";
    env[p.get()] = load(p->type, name, "0");
  }
  ScalarKind ok = baseScalar(g.output);
  globals.push_back({"out", ok});
  std::string obytes = "sizeof(" + cType(ok) + ") * (size_t)" + sizeC(leafs(g.output));
  host << "  " << cType(ok) << " *out = (" << cType(ok) << " *)output;\n";
  level = Host;
  genInto(lambdaBody(f), {"out", "0", AddrSpace::Global, false});
  host << "  err = cudaDeviceSynchronize();\n";
  std::ostringstream hostFns;
  hostFns << "// Runs the kernels on device (Loom: runtime-allocated) arrays; scalar inputs\n"
             "// are host pointers to their value.\n"
             "extern \"C\" int loom_pattern_launch(void *const *inputs, void *output, const long long *sizes) {\n"
          << "  cudaError_t err = cudaSuccess;\n  void *allocs[64];\n  int nallocs = 0;\n" << sizesDecl.str()
          << "  do {\n" << host.str() << "  } while (0);\n"
          << "  for (int i = 0; i < nallocs; ++i)\n    cudaFree(allocs[i]);\n  return (int)err;\n}\n\n";
  hostFns << "// Copies host arrays in, runs, copies the result out.\n"
             "extern \"C\" int loom_pattern_run(void *const *inputs, void *output, const long long *sizes) {\n"
          << "  cudaError_t err = cudaSuccess;\n  void *allocs[64];\n  int nallocs = 0;\n  void *dev["
          << std::max(1, f->count) << "];\n  void *out = nullptr;\n" << sizesDecl.str() << "  do {\n"
          << runPre.str() << "    if ((err = cudaMalloc(&out, " << obytes << "))) break;\n"
          << "    allocs[nallocs++] = out;\n"
          << "    if ((err = (cudaError_t)loom_pattern_launch(dev, out, sizes))) break;\n"
          << "    err = cudaMemcpy(output, out, " << obytes << ", cudaMemcpyDeviceToHost);\n"
          << "  } while (0);\n  for (int i = 0; i < nallocs; ++i)\n    cudaFree(allocs[i]);\n  return (int)err;\n}\n";
  std::ostringstream src;
  src << "// Generated by loom-patterns from program " << prog.name << ":\n//   " << print(lambdaBody(f)) << "\n";
  if (inPlaceRows) {
    // Each thread streams whole rows (an array accumulator updated in
    // place): the host compiler vectorizes the row loops inside a thread;
    // vectorizing across threads would turn every row access into gathers.
    g.compileFlags.push_back("--loom-disable=wfv");
    src << "// loomcc flags: --loom-disable=wfv (threads update rows in place; vectorized within a thread)\n";
  }
  if (cuda)
    src << "#include <cuda_runtime.h>\n#include <math.h>\nstatic inline int loom_min(int a, int b) { return a < b ? a : b; }\n"
           "static inline int loom_max(int a, int b) { return a > b ? a : b; }\n"
           "__device__ static inline int loom_clamp(int i, int lo, int hi) { return i < lo ? lo : i > hi ? hi : i; }\n\n";
  else
    src << "static inline int loom_clamp(int i, int lo, int hi) { return i < lo ? lo : i > hi ? hi : i; }\n\n";
  src << funs.str() << "\n" << kernels.str();
  if (cuda)
    src << hostFns.str();
  g.source = src.str();
  g.kernels = kernelCount;
  return g;
}

} // namespace

bool isPureView(const ExprP &e) {
  switch (e->op) {
  case Op::Param: return true;
  case Op::Split: case Op::Join: case Op::Zip: case Op::Get: case Op::Transpose: case Op::Reorder:
  case Op::ReorderStride: case Op::AsVector: case Op::AsScalar: case Op::Slide: case Op::Pad:
    for (auto &k : e->kids)
      if (!isPureView(k))
        return false;
    return true;
  case Op::Map: return isPureView(lambdaBody(e->kids[0])) && isPureView(e->kids[1]);
  default: return false;
  }
}

static void collectSizes(const ExprP &e, const std::set<std::string> &vars, std::vector<Size> &out) {
  std::function<void(const TypeP &)> add = [&](const TypeP &t) {
    if (!t)
      return;
    if (t->kind == Type::Array) {
      bool known = true;
      for (auto &v : t->size.variables())
        known &= vars.count(v) > 0;
      if (known && std::find(out.begin(), out.end(), t->size) == out.end())
        out.push_back(t->size);
      add(t->elem);
    } else if (t->kind == Type::Tuple)
      for (auto &x : t->elems)
        add(x);
  };
  add(e->type);
  if (e->op == Op::Split || e->op == Op::ReorderStride || e->op == Op::ReducePart)
    if (std::find(out.begin(), out.end(), e->n) == out.end())
      out.push_back(e->n);
  for (auto &k : e->kids)
    collectSizes(k, vars, out);
}

GeneratedCode generate(const Program &p, const CodeGenOptions &opts) {
  Gen g(p, opts);
  GeneratedCode code = g.run();
  typeCheckFun(p.fun, code.inputs);
  collectSizes(p.fun, std::set<std::string>(code.sizeVars.begin(), code.sizeVars.end()), code.sizes);
  return code;
}

void validateSizes(const GeneratedCode &code, const std::map<std::string, int64_t> &sizes) {
  for (auto &s : code.sizes)
    if (s.eval(sizes) <= 0)
      throw Error("size " + s.str() + " is " + std::to_string(s.eval(sizes)) + " for these sizes; it must be positive");
}

} // namespace loom::patterns
