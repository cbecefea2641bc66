// SPDX-License-Identifier: Apache-2.0
// The pattern language's expressions: user functions (typed C-like scalar
// bodies), lambdas, and the high- and low-level patterns of Lift (Steuwer et
// al., "Generating Performance Portable Code using Rewrite Rules", ICFP'15).
// Expressions are immutable trees of shared nodes; rewriting builds new ones.
// Every pattern is applied to its input directly: map(f, x), not map(f) $ x.
#ifndef LOOM_PATTERNS_EXPR_H
#define LOOM_PATTERNS_EXPR_H

#include "loom/patterns/Type.h"

#include <functional>
#include <optional>

namespace loom::patterns {

// ---- Scalar bodies of user functions ---------------------------------------
struct SExpr;
using SExprP = std::shared_ptr<const SExpr>;
struct SExpr {
  enum Op {
    Const, Var,
    Add, Sub, Mul, Div, Min, Max, Lt, Le, Gt, Ge, Eq, And, Or, // binary
    Neg, Abs, Exp, Log, Sqrt, Not,                             // unary
    Select                                                     // c ? a : b
  } op = Const;
  double value = 0;         // Const
  std::string name;         // Var
  std::vector<SExprP> args; // operands
};
SExprP sconst(double v);
SExprP svar(const std::string &n);
SExprP sbin(SExpr::Op op, SExprP a, SExprP b);
SExprP sun(SExpr::Op op, SExprP a);
SExprP sselect(SExprP c, SExprP a, SExprP b);
inline SExprP operator+(SExprP a, SExprP b) { return sbin(SExpr::Add, a, b); }
inline SExprP operator-(SExprP a, SExprP b) { return sbin(SExpr::Sub, a, b); }
inline SExprP operator*(SExprP a, SExprP b) { return sbin(SExpr::Mul, a, b); }
inline SExprP operator/(SExprP a, SExprP b) { return sbin(SExpr::Div, a, b); }

/// A user function: typed scalar (or vector, once vectorized) parameters, a
/// body of named intermediate values ("lets") and one result per element of
/// the return type (one for a scalar return, n for an n-tuple).
struct UserFun {
  std::string name;
  std::vector<std::pair<std::string, TypeP>> params; // scalars or tuples of scalars
  TypeP ret;                                         // a scalar or a tuple of scalars
  std::vector<std::pair<std::string, SExprP>> lets;
  std::vector<SExprP> results;
};
using UserFunP = std::shared_ptr<const UserFun>;
UserFunP userFun(std::string name, std::vector<std::pair<std::string, TypeP>> params, TypeP ret,
                 SExprP result, std::vector<std::pair<std::string, SExprP>> lets = {});

// ---- Expressions -------------------------------------------------------------
enum class Op {
  Param, Lambda, Literal, Call, Tuple, Get,
  Map,        // kids {f, x}; mapKind says which
  Reduce,     // kids {f, init, x}; reduceKind: Reduce or ReduceSeq
  ReducePart, // kids {f, init, x}; n = number of partial results
  Zip, Split, Join, Iterate, Reorder, ReorderStride, Transpose,
  ToGlobal, ToLocal, ToPrivate, // kids {e}: e's result lives in that memory
  AsVector, AsScalar,
  Slide, // kids {x}; n = window size, count = step: [T]_n -> [[T]_size]_((n-size+step)/step)
  Pad,   // kids {x}; count = left, dim = right: [T]_n -> [T]_(left+n+right), clamping at the borders
  Index  // kids {x, i}: x[i] for an int i computed at run time (gathers: neighbour lists)
};
enum class MapKind { Map, Seq, Global, Workgroup, Local };
enum class ReduceKind { Reduce, Seq };

/// Algebraic properties a reduction's operator is declared to have; rules
/// that need them (reordering a partial reduction) check them.
struct ReduceProps {
  bool associative = true;
  bool commutative = true;
  bool identity = true; // the initial value is the operator's neutral element
};

struct Node;
using ExprP = std::shared_ptr<const Node>;

struct Node {
  Op op;
  std::vector<ExprP> kids;
  Size n;                    // Split, ReducePart (parts), ReorderStride (stride), AsVector (width)
  int count = 0;             // Iterate (times), Get (index), Lambda (param count)
  int dim = 0;               // Map Global/Workgroup/Local: dimension 0..2
  MapKind mapKind = MapKind::Map;
  ReduceKind reduceKind = ReduceKind::Reduce;
  ReduceProps props;
  UserFunP fun;              // Call
  int vecWidth = 1;          // Call: 1 or the width of vectorize(n, f)
  double value = 0;          // Literal
  std::string name;          // Param
  int id = 0;                // Param: unique
  // Set by the type checker.
  mutable TypeP type;        // Param: its bound type; others: the checked type
  mutable AddrSpace space = AddrSpace::Global;
};

// Builders.
ExprP param(const std::string &name, TypeP type = nullptr);
ExprP lambda(std::vector<ExprP> params, ExprP body);
/// A one-parameter lambda from a C++ function of the parameter.
ExprP fun1(const std::function<ExprP(ExprP)> &body, const std::string &name = "x");
ExprP fun2(const std::function<ExprP(ExprP, ExprP)> &body, const std::string &a = "a",
           const std::string &b = "b");
ExprP literal(double v, TypeP type);
ExprP call(UserFunP f, std::vector<ExprP> args, int vecWidth = 1);
ExprP tuple(std::vector<ExprP> elems);
ExprP get(ExprP x, int i);
ExprP map(ExprP f, ExprP x, MapKind k = MapKind::Map, int dim = 0);
ExprP mapSeq(ExprP f, ExprP x);
ExprP mapGlb(ExprP f, ExprP x, int dim = 0);
ExprP mapWrg(ExprP f, ExprP x, int dim = 0);
ExprP mapLcl(ExprP f, ExprP x, int dim = 0);
ExprP reduce(ExprP f, ExprP init, ExprP x, ReduceProps p = {});
ExprP reduceSeq(ExprP f, ExprP init, ExprP x, ReduceProps p = {});
ExprP reducePart(ExprP f, ExprP init, Size parts, ExprP x, ReduceProps p = {});
ExprP zip(std::vector<ExprP> xs);
ExprP split(Size n, ExprP x);
ExprP join(ExprP x);
ExprP iterate(int times, ExprP f, ExprP x);
ExprP reorder(ExprP x);
ExprP reorderStride(Size s, ExprP x);
ExprP transpose(ExprP x);
ExprP toGlobal(ExprP e);
ExprP toLocal(ExprP e);
ExprP toPrivate(ExprP e);
ExprP asVector(int width, ExprP x);
ExprP asScalar(ExprP x);
/// Overlapping windows of `size` elements, `step` apart (stencils).
ExprP slide(int size, int step, ExprP x);
/// x extended by left and right elements that repeat its first and last (clamp).
ExprP pad(int left, int right, ExprP x);
/// x[i] where i is an int value (a gather).
ExprP index(ExprP x, ExprP i);

/// A copy of n with other kids (and nothing else changed).
ExprP withKids(const ExprP &n, std::vector<ExprP> kids);
/// The body of a lambda and its parameters.
inline const ExprP &lambdaBody(const ExprP &l) { return l->kids.back(); }
/// f applied to args: substitutes args for f's parameters in its body
/// (beta reduction; f must be a Lambda).
ExprP apply(const ExprP &f, std::vector<ExprP> args);
/// Substitutes param -> value everywhere in e.
ExprP substitute(const ExprP &e, const ExprP &param, const ExprP &value);

/// Prints an expression in Lift's notation (map(f, x), split(4, x), ...).
std::string print(const ExprP &e);
std::string patternName(const ExprP &e);

// ---- Type checking --------------------------------------------------------------
/// Checks e (whose free parameters must have types) and returns its type;
/// throws Error naming the pattern and the sizes or types that disagree.
TypeP typeCheck(const ExprP &e);
/// Checks lambda f applied to arguments of the given types; returns its result type.
TypeP typeCheckFun(const ExprP &f, const std::vector<TypeP> &args);

/// A program: a lambda over typed inputs (arrays sized by variables).
struct Program {
  std::string name;
  ExprP fun; // Lambda whose params carry their types
};

} // namespace loom::patterns

#endif
