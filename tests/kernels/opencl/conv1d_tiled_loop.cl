//pass
//--local_size=64 --num_groups=8

// 1-D convolution, one work group per row, the row walked in tiles of
// TILE outputs: each iteration loads the tile and its halo into local
// memory, waits, convolves, and waits again before the next load.
#define TILE 64
#define RADIUS 4
#define ROW (16 * TILE)

__kernel void conv_rows(__global const float *in, __global float *out,
                        __constant float *weights)
{
    __local float tile[TILE + 2 * RADIUS];
    int lid = get_local_id(0);
    int row = get_group_id(0);
    __global const float *src = in + row * ROW;
    __global float *dst = out + row * ROW;
    for (int t = 0; t < ROW; t += TILE) {
        tile[lid + RADIUS] = src[t + lid];
        if (lid < RADIUS) {
            tile[lid] = t > 0 ? src[t + lid - RADIUS] : 0.0f;
            tile[lid + TILE + RADIUS] = t + TILE < ROW ? src[t + TILE + lid] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        float acc = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; k++)
            acc += weights[k + RADIUS] * tile[lid + RADIUS + k];
        dst[t + lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
