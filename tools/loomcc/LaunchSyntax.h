//===- LaunchSyntax.h - accept nvcc's spaced kernel launch brackets --------===//
// SPDX-License-Identifier: Apache-2.0
//
// nvcc accepts `kernel << < grid, block >> > (args)` (real programs, e.g.
// Rodinia's particlefilter, are written that way); clang only accepts the
// single tokens `<<<` and `>>>`. joinLaunchBrackets rewrites exactly those
// launch brackets, leaving comments, strings and template closers like
// `vector<vector<int>> >` alone.
//===----------------------------------------------------------------------===//
#ifndef LOOM_LOOMCC_LAUNCHSYNTAX_H
#define LOOM_LOOMCC_LAUNCHSYNTAX_H

#include <optional>
#include <string>

namespace loomcc {

/// The source with spaced launch brackets joined, or std::nullopt when the
/// source has none (compile the original file then).
std::optional<std::string> joinLaunchBrackets(const std::string &Source);

} // namespace loomcc

#endif
