//pass
//--local_size=64 --num_groups=8 --math-int
//integer arithmetic is assumed not to overflow

// Interleaved RGBA pixels to three planes of n floats each, stored back to
// back in one buffer: plane k starts at k * n. Distinct planes never meet
// as long as 2 * n + i does not wrap around 32 bits, which --math-int
// assumes (n is unconstrained).
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
