//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//race on a

// The chunked shift with an off-by-one: the counter starts at n instead of
// n - 1, so a work item writes the first element of the next chunk, which
// its neighbour reads and writes.
#define CHUNK 16

__kernel void shift_chunks(__global int *a, uint len)
{
    uint base = get_global_id(0) * CHUNK;
    uint n = min(len, (uint)CHUNK);
    for (int j = n; j > 0; j--)
        a[base + j] = a[base + j - 1];
    a[base] = 0;
}
