//pass
//--local_size=256 --num_groups=4

// Inclusive Hillis-Steele scan of one work group's block in local memory,
// in place: every step reads the partner, waits, then writes, and waits
// again before the next step reads.
#define BLOCK 256

__kernel void scan_block(__global const int *in, __global int *out)
{
    __local int s[BLOCK];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int offset = 1; offset < BLOCK; offset *= 2) {
        int v = 0;
        if (lid >= offset)
            v = s[lid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid >= offset)
            s[lid] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = s[lid];
}
