//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --math-int
//write-write race on planes

// A racy twin that --math-int must not hide: the second plane starts one
// element early (n - 1), so item n - 1 of the first plane and item 0 of
// the second write the same float.
__kernel void rgba_to_planes(__global const uchar4 *in, __global float *planes, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        uchar4 p = in[i];
        planes[i] = p.x / 255.0f;
        planes[n - 1 + i] = p.y / 255.0f;
    }
}
