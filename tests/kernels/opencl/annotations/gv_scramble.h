#ifndef GV_SCRAMBLE_H
#define GV_SCRAMBLE_H
/* A permutation of 32-bit indices, left uninterpreted for verification;
 * its properties come from a --boogie-file. */
DECLARE_UF_UNARY(scramble, unsigned, unsigned)
#endif
