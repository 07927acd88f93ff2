//pass
//--local_size=100 --num_groups=[1,100,130] -DSIZE_X=100 -DSIZE_Y=100 -DSIZE_Z=130
// Lattice-Boltzmann (the Parboil benchmark's structure, D3Q19): one
// work-item per cell of an x-row, one work-group per (y, z); the
// distributions live in a structure-of-arrays grid with margins, each
// work-item reads its cell's 19 values from the source grid and streams
// the collided values to the neighbouring cells of the destination grid.
#ifndef SIZE_X
#define SIZE_X 100
#endif
#ifndef SIZE_Y
#define SIZE_Y 100
#endif
#ifndef SIZE_Z
#define SIZE_Z 130
#endif

#define OMEGA 1.95f
#define N_CELL_ENTRIES 19
#define MARGIN (2 * SIZE_X * SIZE_Y)
#define PADDED_Z (SIZE_Z + 4)
#define TOTAL_CELLS (SIZE_X * SIZE_Y * PADDED_Z)

typedef enum { C = 0, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB, FLAGS } CELL_ENTRIES;

#define CALC_INDEX(x, y, z, e) ((e) * TOTAL_CELLS + (x) + (y) * SIZE_X + ((z) + 2) * SIZE_X * SIZE_Y)
#define SRC(g, e) ((g)[CALC_INDEX(x, y, z, e)])
#define DST(g, dx, dy, dz, e) ((g)[CALC_INDEX(x + (dx), y + (dy), z + (dz), e)])

#define DFL1 (1.0f / 3.0f)
#define DFL2 (1.0f / 18.0f)
#define DFL3 (1.0f / 36.0f)

__kernel void performStreamCollide_kernel(__global const float *srcGrid, __global float *dstGrid) {
  const int x = get_local_id(0);
  const int y = get_group_id(1);
  const int z = get_group_id(2);
  float c = SRC(srcGrid, C), n = SRC(srcGrid, N), s = SRC(srcGrid, S);
  float e = SRC(srcGrid, E), w = SRC(srcGrid, W), t = SRC(srcGrid, T), b = SRC(srcGrid, B);
  float rho = c + n + s + e + w + t + b;
  float ux = (e - w) / rho, uy = (n - s) / rho, uz = (t - b) / rho;
  float u2 = 1.5f * (ux * ux + uy * uy + uz * uz);
  const bool obstacle = as_uint(SRC(srcGrid, FLAGS)) & 1u;
  if (obstacle) {
    // Bounce back: the opposite direction, same cell neighbourhood.
    DST(dstGrid, 0, 0, 0, C) = c;
    DST(dstGrid, 0, -1, 0, S) = n;
    DST(dstGrid, 0, 1, 0, N) = s;
    DST(dstGrid, -1, 0, 0, W) = e;
    DST(dstGrid, 1, 0, 0, E) = w;
    DST(dstGrid, 0, 0, -1, B) = t;
    DST(dstGrid, 0, 0, 1, T) = b;
    return;
  }
  DST(dstGrid, 0, 0, 0, C) = (1.0f - OMEGA) * c + DFL1 * OMEGA * rho * (1.0f - u2);
  DST(dstGrid, 0, 1, 0, N) = (1.0f - OMEGA) * n + DFL2 * OMEGA * rho * (1.0f + uy * (4.5f * uy + 3.0f) - u2);
  DST(dstGrid, 0, -1, 0, S) = (1.0f - OMEGA) * s + DFL2 * OMEGA * rho * (1.0f + uy * (4.5f * uy - 3.0f) - u2);
  DST(dstGrid, 1, 0, 0, E) = (1.0f - OMEGA) * e + DFL2 * OMEGA * rho * (1.0f + ux * (4.5f * ux + 3.0f) - u2);
  DST(dstGrid, -1, 0, 0, W) = (1.0f - OMEGA) * w + DFL2 * OMEGA * rho * (1.0f + ux * (4.5f * ux - 3.0f) - u2);
  DST(dstGrid, 0, 0, 1, T) = (1.0f - OMEGA) * t + DFL2 * OMEGA * rho * (1.0f + uz * (4.5f * uz + 3.0f) - u2);
  DST(dstGrid, 0, 0, -1, B) = (1.0f - OMEGA) * b + DFL2 * OMEGA * rho * (1.0f + uz * (4.5f * uz - 3.0f) - u2);
}
