// SPDX-License-Identifier: Apache-2.0
// A __device__ function another file's kernel calls (relocatable device code).
__device__ float twice(float X) { return 2.0f * X; }
