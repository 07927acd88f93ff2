//pass
//--local_size=64 --num_groups=2
// Each work-item clears its chunk of 16 until it meets the key: a
// non-uniform loop with a break (the guard is computed under the loop
// predicate; access_range needs it).
__kernel void loop_break_chunk(__global int *a, int key) {
  unsigned t = get_global_id(0);
  for (unsigned i = 0; i < 16; i++) {
    if (a[t * 16 + i] == key) break;
    a[t * 16 + i] = 0;
  }
}
