// Thrust 1.17 (Debian's libthrust-dev, /usr/include/thrust) on
// thrust::device_vector with the CUDA backend, against std::sort & co.:
// sort (CUB's onesweep radix sort of int and float keys, whose agents end
// threads with PTX `exit`; merge sort with a comparator), unique and
// sort_by_key (stable). Sizes span several tiles with a partial last one.
// REQUIRES: thrust
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/unique.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <utility>
#include <vector>

#include "../Inputs/check.h"

int main() {
  const int n = 50003;
  std::vector<int> ref = randomInts(n, 1, 1 << 20);
  thrust::device_vector<int> d(ref.begin(), ref.end());

  // sort (radix sort of int keys), then unique
  thrust::device_vector<int> s = d;
  thrust::sort(s.begin(), s.end());
  std::vector<int> sorted = ref;
  std::sort(sorted.begin(), sorted.end());
  EXPECT(thrust::host_vector<int>(s) == thrust::host_vector<int>(sorted));
  thrust::device_vector<int> few = thrust::host_vector<int>(randomInts(n, 7, 100));
  thrust::sort(few.begin(), few.end());
  std::vector<int> fewRef = randomInts(n, 7, 100);
  std::sort(fewRef.begin(), fewRef.end());
  auto uend = thrust::unique(few.begin(), few.end());
  fewRef.erase(std::unique(fewRef.begin(), fewRef.end()), fewRef.end());
  EXPECT(uend - few.begin() == (long)fewRef.size());
  EXPECT(thrust::host_vector<int>(few.begin(), uend) == thrust::host_vector<int>(fewRef));

  // sort with a comparator (merge sort), descending
  s = d;
  thrust::sort(s.begin(), s.end(), thrust::greater<int>());
  std::sort(sorted.begin(), sorted.end(), std::greater<int>());
  EXPECT(thrust::host_vector<int>(s) == thrust::host_vector<int>(sorted));

  // float keys (radix sort with the sign-flip bit twiddling)
  std::vector<float> fref(n);
  for (int i = 0; i < n; ++i)
    fref[i] = ref[i] * 0.25f;
  thrust::device_vector<float> f(fref.begin(), fref.end());
  thrust::sort(f.begin(), f.end());
  std::sort(fref.begin(), fref.end());
  EXPECT(thrust::host_vector<float>(f) == thrust::host_vector<float>(fref));

  // sort_by_key: values follow their keys; stable for equal keys
  std::vector<int> keys = randomInts(n, 3, 1000), vals(n);
  std::iota(vals.begin(), vals.end(), 0);
  thrust::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
  thrust::sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<std::pair<int, int>> kv(n);
  for (int i = 0; i < n; ++i)
    kv[i] = {keys[i], vals[i]};
  std::stable_sort(kv.begin(), kv.end(),
                   [](auto a, auto b) { return a.first < b.first; });
  thrust::host_vector<int> hk = dk, hv = dv;
  for (int i = 0; i < n; ++i) {
    EXPECT(hk[i] == kv[i].first);
    EXPECT(hv[i] == kv[i].second);
  }

  std::printf("PASSED\n");
  return 0;
}
