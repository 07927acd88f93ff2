//pass
//--local_size=64 --num_groups=8
// A hash context holding a pointer to a __local S-box next to its state:
// initialised by a helper, copied (inner/outer pad), updated, compared.
#include "include/table_hash.h"

__kernel void hmac_candidates(__global const uint *sbox_init, __global const uint *words,
                              __global ulong *digests) {
  __local uint sbox[256];
  for (int i = get_local_id(0); i < 256; i += get_local_size(0))
    sbox[i] = sbox_init[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  const int gid = get_global_id(0);
  table_hash_ctx_t ipad;
  table_hash_init(&ipad, sbox);
  table_hash_ctx_t opad = ipad;
  table_hash_update(&ipad, words[gid]);
  table_hash_update(&opad, (uint)ipad.h[0]);
  digests[gid] = opad.h[0] ^ opad.h[1];
}
