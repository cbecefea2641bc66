//===- LaunchSyntax.cpp - accept nvcc's spaced kernel launch brackets ------===//
// SPDX-License-Identifier: Apache-2.0
#include "LaunchSyntax.h"

#include <cctype>
#include <vector>

namespace loomcc {

namespace {

/// Marks which characters are code (not comment, string or char literal).
std::vector<bool> codeMask(const std::string &S) {
  std::vector<bool> Code(S.size(), true);
  size_t I = 0;
  while (I < S.size()) {
    if (S.compare(I, 2, "//") == 0) {
      while (I < S.size() && S[I] != '\n')
        Code[I++] = false;
    } else if (S.compare(I, 2, "/*") == 0) {
      size_t End = S.find("*/", I + 2);
      End = End == std::string::npos ? S.size() : End + 2;
      while (I < End)
        Code[I++] = false;
    } else if (S[I] == '"' || S[I] == '\'') {
      char Quote = S[I];
      Code[I++] = false;
      while (I < S.size() && S[I] != Quote) {
        if (S[I] == '\\' && I + 1 < S.size())
          Code[I++] = false;
        Code[I++] = false;
      }
      if (I < S.size())
        Code[I++] = false;
    } else {
      ++I;
    }
  }
  return Code;
}

size_t skipSpace(const std::string &S, size_t I) {
  while (I < S.size() && std::isspace(static_cast<unsigned char>(S[I])))
    ++I;
  return I;
}

} // namespace

std::optional<std::string> joinLaunchBrackets(const std::string &Source) {
  std::vector<bool> Code = codeMask(Source);
  std::string Out = Source;
  bool Changed = false;
  for (size_t I = 0; I + 1 < Source.size(); ++I) {
    // `<<` then spaces then `<` (not `<<<` already, not `<<=`).
    if (!Code[I] || Source.compare(I, 2, "<<") != 0 || (I > 0 && Source[I - 1] == '<'))
      continue;
    size_t J = skipSpace(Source, I + 2);
    if (J == I + 2 || J >= Source.size() || Source[J] != '<' || !Code[J])
      continue;
    // Find the closing `>>` `>` at bracket depth 0.
    int Depth = 0;
    size_t K = J + 1, Close = std::string::npos, CloseEnd = 0;
    for (; K + 1 < Source.size(); ++K) {
      if (!Code[K])
        continue;
      char C = Source[K];
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if (C == ')' || C == ']' || C == '}') {
        if (--Depth < 0)
          break;
      } else if (C == ';') {
        break;
      } else if (Depth == 0 && Source.compare(K, 2, ">>") == 0) {
        size_t L = skipSpace(Source, K + 2);
        if (L < Source.size() && Source[L] == '>') {
          Close = K;
          CloseEnd = L;
        }
        break;
      }
    }
    if (Close == std::string::npos)
      continue;
    for (size_t P = I + 2; P < J; ++P)
      Out[P] = '\x01';
    for (size_t P = Close + 2; P < CloseEnd; ++P)
      Out[P] = '\x01';
    Changed = true;
    I = CloseEnd;
  }
  if (!Changed)
    return std::nullopt;
  std::string Joined;
  Joined.reserve(Out.size());
  for (char C : Out)
    if (C != '\x01')
      Joined += C;
  return Joined;
}

} // namespace loomcc
