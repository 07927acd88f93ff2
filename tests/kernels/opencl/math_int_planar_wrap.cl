//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//write-write race on planes

// The same kernel without --math-int: for n close to 2^31, 2 * n + i
// wraps around 32 bits onto the first plane, and the verifier must say so.
__kernel void rgba_to_planes(__global const uchar4 *in, __global float *planes, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        uchar4 p = in[i];
        planes[i] = p.x / 255.0f;
        planes[n + i] = p.y / 255.0f;
        planes[2 * n + i] = p.z / 255.0f;
    }
}
