//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4 -DWORDS=4
//possible (write-write|read-write|write-read) race on digest\[
// The racy twin of digest_store_words.cl: the base forgets the WORDS
// stride, so the words work-item g writes overlap g + 1's. The race is at
// an index computed in the inlined helper's own locals (the loop counter k
// and `at`, assigned before read at each call): it must stay reported.

#ifndef WORDS
#define WORDS 4
#endif

typedef unsigned int u32;

// Helpers kept out of line by clang, as in hash libraries.
#define DECLSPEC __attribute__((noinline))

DECLSPEC u32 mix(u32 a, u32 b) {
  u32 t = a ^ (b << 3);
  return t + (t >> 7);
}

DECLSPEC void store_words(__global u32 *digest, u32 base, u32 seed) {
  for (u32 k = 0; k < WORDS; k++) {
    u32 at = base + k;
    u32 v = mix(seed, k);
    digest[at] = v;
  }
}

__kernel void digest_store_words(__global u32 *digest, __global const u32 *salt) {
  const u32 gid = get_global_id(0);
  store_words(digest, gid, mix(salt[gid], 1));
}
