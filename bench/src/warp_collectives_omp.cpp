// Warp collectives, OpenMP baseline: the same per-32-element statistics
// (count of positives, any/all votes, sum, max) as warp_collectives.cu.
#include "warp_collectives_common.h"

struct Int4 { int x, y, z, w; };

static void warpStats(const int *in, Int4 *out, int warps) {
#pragma omp parallel for schedule(static)
  for (int w = 0; w < warps; ++w) {
    const int *x = in + 32 * w;
    int pos = 0, any = 0, all = 1, sum = 0, mx = x[0];
#pragma omp simd reduction(+ : pos, sum) reduction(| : any) reduction(& : all) reduction(max : mx)
    for (int l = 0; l < 32; ++l) {
      pos += x[l] > 0;
      any |= x[l] > WC_BIG;
      all &= x[l] > -WC_BIG;
      sum += x[l];
      mx = x[l] > mx ? x[l] : mx;
    }
    out[w] = {pos, any + 2 * all, sum, mx};
  }
}

int main() {
  const int n = WC_N, warps = n / 32, iters = 10;
  std::vector<int> in(n);
  std::vector<Int4> out(warps);
  wc_fill(in.data(), n);
  warpStats(in.data(), out.data(), warps); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) warpStats(in.data(), out.data(), warps);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int w = 0; w < warps; ++w) {
    int r[4];
    wc_reference(in.data() + 32 * w, r);
    const Int4 &o = out[w];
    if (o.x != r[0] || o.y != r[1] || o.z != r[2] || o.w != r[3])
      bench_fail("warp %d: (%d %d %d %d), want (%d %d %d %d)", w, o.x, o.y, o.z, o.w, r[0], r[1], r[2], r[3]);
    sum += wc_checksum(r);
  }
  bench_report(ms, n * sizeof(int) + warps * 16.0, 0, sum);
  return 0;
}
