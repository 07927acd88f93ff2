//xfail:NOT_ALL_VERIFIED
//--local_size=* --num_groups=*
//possible (read-write|write-read|write-write) race on a\[
// A one-line scaling kernel with the index halved (a "process pairs" refactoring
// that forgot to halve the launch): work items 2k and 2k+1 update the same
// element, for every launch with more than one work item.
__kernel void scale(__global float *a, float f) { a[get_global_id(0) / 2] *= f; }
