// Copy-plus-launch loop, sequential baseline: myocyte_loop.cu's work on one
// thread, the four copies as memcpy between host and "device" arrays, the
// kernel as a loop over its 64 threads. The floor for the launch path.
#include "myocyte_common.h"

#include <cstring>

int main() {
  std::vector<float> dParams(MY_PARAMS), dY(MY_EQS), dDy(MY_EQS), dYnew(MY_EQS);
  std::vector<float> y(MY_EQS), dy(MY_EQS), params(MY_PARAMS);
  auto copy = [](float *dst, const float *src, int n) {
    std::memcpy(dst, src, n * sizeof(float));
    asm volatile("" ::"r"(dst) : "memory"); // the copy is observed
  };
  auto run = [&]() {
    for (int i = 0; i < MY_EQS; ++i) y[i] = 1.0f + 0.01f * i;
    double sum = 0;
    for (int s = 0; s < MY_STEPS; ++s) {
      my_params(params.data(), s);
      copy(dParams.data(), params.data(), MY_PARAMS);
      copy(dY.data(), y.data(), MY_EQS);
      for (int i = 0; i < MY_EQS; ++i) {
        float d = my_deriv(dParams.data(), dY[i], i);
        dDy[i] = d;
        dYnew[i] = dY[i] + 0.01f * d;
      }
      copy(dy.data(), dDy.data(), MY_EQS);
      copy(y.data(), dYnew.data(), MY_EQS);
      sum += dy[s % MY_EQS];
    }
    return sum + y[0];
  };
  double sum = run(); // warm-up
  double t0 = bench_now_ms();
  sum = run();
  double ms = bench_now_ms() - t0;
  my_check(sum);
  bench_report(ms, 0, 0, sum);
  return 0;
}
