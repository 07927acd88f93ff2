//pass
//--local_size=64 --num_groups=4
// Every work-item writes the same hash of a uniform seed to one shared
// slot (a benign write-write pair), and its own hash to its own slot. The
// sliced kernel (values that reach no address are havocked) cannot show
// the shared writes agree; the verdict comes from the unsliced kernel.
#define ROUND(h) (((h) ^ ((h) << 5)) + 0x9e3779b9u + ((h) >> 3))

uint mix(uint h) {
  h = ROUND(h); h = ROUND(h); h = ROUND(h); h = ROUND(h);
  h = ROUND(h); h = ROUND(h); h = ROUND(h); h = ROUND(h);
  return h;
}

__kernel void hash_rounds(__global uint *digest, __global uint *per_item, uint seed) {
  size_t gid = get_global_id(0);
  uint h = mix(seed);
  digest[0] = h;
  per_item[gid] = mix(seed ^ (uint)gid);
}
