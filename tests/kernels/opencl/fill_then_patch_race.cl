//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on A\[
// Each work item clears its four-element block in a loop, then writes a
// terminator one past it: into the first element of the next work item's
// block (an off-by-one). The race is between the loop's write (line 13) and
// the terminator (line 15); the report must name both lines, never the
// terminator twice (the access logged before the loop head is a loop write).

__kernel void fill_then_patch(__global float *A) {
  int g = get_global_id(0);
  for (int i = 0; i < 4; i++) {
    A[4 * g + i] = 0.0f;
  }
  A[4 * g + 4] = 1.0f;
}
