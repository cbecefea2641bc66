// Kernels for layout.test: the data-layout transformation (opencl/compiler/Layout.cpp).
typedef struct { float x, y, z, vx, vy, vz, m, q; } Particle;

// All accesses fields of 32-byte elements, indexed by the global id: a plan.
__kernel void step(__global Particle *p, float dt) {
  size_t i = get_global_id(0);
  p[i].x += p[i].vx * dt;
  p[i].y += p[i].vy * dt;
  p[i].z += p[i].vz * dt;
}

// A struct copy: only the fields it reads count (SROA splits the copy).
__kernel void energy(__global const Particle *p, __global float *e) {
  size_t i = get_global_id(0);
  Particle q = p[i];
  e[i] = 0.5f * q.m * (q.vx * q.vx + q.vy * q.vy + q.vz * q.vz);
}

// A float array read as x, y, z triples: 12-byte elements.
__kernel void flat(__global const float *xyz, __global float *out) {
  int i = get_global_id(0);
  out[i] = xyz[3 * i] + xyz[3 * i + 1] * xyz[3 * i + 2];
}

// The buffer goes to a built-in: no plan.
__kernel void vload(__global Particle *p, __global float *o) {
  size_t i = get_global_id(0);
  o[i] = vload4(0, &p[i].x).y;
}

// Overlapping accesses (a float4 over x..vx and a float at y): no plan.
__kernel void overlap(__global float4 *p, __global float *o) {
  size_t i = get_global_id(0);
  o[i] = p[2 * i].x + ((__global float *)p)[8 * i + 1];
}

// Indexed by the same element for every work-item: no plan.
__kernel void uniform(__global const Particle *p, __global float *o, int j) {
  o[get_global_id(0)] = p[j].m;
}
