//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on digest\[0\]
// The racy twin of benign_hashed_value_sliced.cl: the hash written to the
// shared slot depends on the work-item, so two work-items write different
// values there.
#define ROUND(h) (((h) ^ ((h) << 5)) + 0x9e3779b9u + ((h) >> 3))

uint mix(uint h) {
  h = ROUND(h); h = ROUND(h); h = ROUND(h); h = ROUND(h);
  h = ROUND(h); h = ROUND(h); h = ROUND(h); h = ROUND(h);
  return h;
}

__kernel void hash_rounds(__global uint *digest, __global uint *per_item, uint seed) {
  size_t gid = get_global_id(0);
  uint h = mix(seed ^ (uint)gid);
  digest[0] = h;
  per_item[gid] = mix(seed ^ (uint)gid);
}
