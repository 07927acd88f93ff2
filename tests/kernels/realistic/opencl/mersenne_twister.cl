//pass
//--local_size=128 --num_groups=32 --kernel-args=MersenneTwister,5860 --kernel-args=BoxMuller,5860
// Mersenne twister, one generator per work-item with its state in a
// private array, outputs strided by the generator count (SDK style), and
// a Box-Muller transform of pairs in place.
#define MT_RNG_COUNT 4096
#define MT_MM 9
#define MT_NN 19
#define MT_WMASK 0xFFFFFFFFU
#define MT_UMASK 0xFFFFFFFEU
#define MT_LMASK 0x1U

typedef struct {
  unsigned int matrix_a;
  unsigned int mask_b;
  unsigned int mask_c;
  unsigned int seed;
} mt_struct_stripped;

__kernel void MersenneTwister(__global float *d_Rand, __global mt_struct_stripped *d_MT, int nPerRng) {
  int globalID = get_global_id(0);
  int iState, iState1, iStateM, iOut;
  unsigned int mti, mti1, mtiM, x;
  unsigned int mt[MT_NN], matrix_a, mask_b, mask_c;
  matrix_a = d_MT[globalID].matrix_a;
  mask_b = d_MT[globalID].mask_b;
  mask_c = d_MT[globalID].mask_c;
  mt[0] = d_MT[globalID].seed;
  for (iState = 1; iState < MT_NN; iState++)
    mt[iState] = (1812433253U * (mt[iState - 1] ^ (mt[iState - 1] >> 30)) + iState) & MT_WMASK;
  iState = 0;
  mti1 = mt[0];
  for (iOut = 0; iOut < nPerRng; iOut++) {
    iState1 = iState + 1;
    iStateM = iState + MT_MM;
    if (iState1 >= MT_NN) iState1 -= MT_NN;
    if (iStateM >= MT_NN) iStateM -= MT_NN;
    mti = mti1;
    mti1 = mt[iState1];
    mtiM = mt[iStateM];
    x = (mti & MT_UMASK) | (mti1 & MT_LMASK);
    x = mtiM ^ (x >> 1) ^ ((x & 1) ? matrix_a : 0);
    mt[iState] = x;
    iState = iState1;
    x ^= (x >> 12);
    x ^= (x << 7) & mask_b;
    x ^= (x << 15) & mask_c;
    x ^= (x >> 18);
    d_Rand[globalID + iOut * MT_RNG_COUNT] = ((float)x + 1.0f) / 4294967296.0f;
  }
}

__kernel void BoxMuller(__global float *d_Rand, int nPerRng) {
  int globalID = get_global_id(0);
  for (int iOut = 0; iOut < nPerRng; iOut += 2) {
    float u1 = d_Rand[globalID + iOut * MT_RNG_COUNT];
    float u2 = d_Rand[globalID + (iOut + 1) * MT_RNG_COUNT];
    float r = sqrt(-2.0f * log(u1));
    float phi = 2.0f * M_PI_F * u2;
    d_Rand[globalID + iOut * MT_RNG_COUNT] = r * cos(phi);
    d_Rand[globalID + (iOut + 1) * MT_RNG_COUNT] = r * sin(phi);
  }
}
