//pass
//--local_size=64 --num_groups=2
// Frames, freshness and non-temporal brackets are accepted; the verifier
// inlines device functions and race-checks every load, so it needs none
// of them (docs/annotations.md).
int load_pair(__global const int *src, int i) {
  __reads_from(src);
  __non_temporal_loads_begin();
  int v = src[i] + src[i + 1];
  __non_temporal_loads_end();
  return v;
}

void store(__global int *dst, __local int *tmp, int i, int v) {
  __writes_to(dst);
  __requires_fresh_array(tmp);
  dst[i] = v;
}

__kernel void pairs(__global const int *src, __global int *dst) {
  __local int tmp[64];
  int g = get_global_id(0);
  store(dst, tmp, g, load_pair(src, 2 * g));
}
