//pass
//--local_size=32 --num_groups=4 -DWORDS=4
// A hash-style kernel: a helper with its own locals (the word index, a
// running value) is inlined into a loop; each call assigns them before
// reading them, so the inliner does not havoc them at the call site. Each
// work-item owns WORDS consecutive digest words.

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

__kernel void digest_store_words(__global u32 *digest, __global const u32 *salt, u32 rounds) {
  const u32 gid = get_global_id(0);
  u32 s = salt[gid];
  for (u32 r = 0; r < rounds; r++) {
    s = mix(s, r);
    store_words(digest, gid * WORDS, s);
  }
}
