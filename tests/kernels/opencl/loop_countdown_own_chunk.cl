//pass
//--local_size=64 --num_groups=4

// Each work item shifts its own chunk of CHUNK elements right by one, in
// place, from the back: a signed counter started from an unsigned length.
#define CHUNK 16

__kernel void shift_chunks(__global int *a, uint len)
{
    uint base = get_global_id(0) * CHUNK;
    uint n = min(len, (uint)CHUNK);
    for (int j = n - 1; j > 0; j--)
        a[base + j] = a[base + j - 1];
    a[base] = 0;
}
