// Part of makefile.test.
// SPDX-License-Identifier: Apache-2.0
#pragma once
void squareAll(int *d, int n);
