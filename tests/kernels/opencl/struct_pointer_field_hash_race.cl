//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-read race on sbox\[
// Racy twin of struct_pointer_field_hash.cl: the S-box is read through the
// context's pointer before the barrier that completes its loading.
#include "include/table_hash.h"

__kernel void hmac_candidates(__global const uint *sbox_init, __global const uint *words,
                              __global ulong *digests) {
  __local uint sbox[256];
  for (int i = get_local_id(0); i < 256; i += get_local_size(0))
    sbox[i] = sbox_init[i];
  const int gid = get_global_id(0);
  table_hash_ctx_t ipad;
  table_hash_init(&ipad, sbox);
  table_hash_ctx_t opad = ipad;
  table_hash_update(&ipad, words[gid]);
  table_hash_update(&opad, (uint)ipad.h[0]);
  digests[gid] = opad.h[0] ^ opad.h[1];
}
