// A table-driven hash whose context keeps a pointer to the shared lookup
// table next to its state words (the way password-cracking kernels carry
// their S-box pointer in the context struct).
#ifndef TABLE_HASH_H
#define TABLE_HASH_H

typedef struct table_hash_ctx {
  ulong h[2];
  int len;
  __local const uint *sbox;
} table_hash_ctx_t;

inline void table_hash_init(table_hash_ctx_t *ctx, __local const uint *sbox) {
  ctx->h[0] = 0x6a09e667f3bcc908UL;
  ctx->h[1] = 0xbb67ae8584caa73bUL;
  ctx->len = 0;
  ctx->sbox = sbox;
}

inline void table_hash_update(table_hash_ctx_t *ctx, uint w) {
  const ulong x = ctx->h[0] ^ ctx->sbox[w & 255];
  ctx->h[0] = ctx->h[1] + w;
  ctx->h[1] = x;
  ctx->len++;
}

#endif
