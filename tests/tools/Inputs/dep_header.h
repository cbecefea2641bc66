// SPDX-License-Identifier: Apache-2.0
// A header of deps.cu: -M must list it.
#define DEP_VALUE 7
