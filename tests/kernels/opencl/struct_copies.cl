//pass
//--local_size=64 --num_groups=4
// Struct copies through private and global memory, `= {0}`, and a
// memset of symbolic length into a private array.
typedef struct { int key; float value; char tag[4]; } Entry;

Entry make_entry(int key) {
  Entry e = {key, 0.5f, {'a', 'b', 'c', 0}};
  return e;
}

__kernel void struct_copies(__global Entry *in, __global Entry *out, int n) {
  size_t i = get_global_id(0);
  Entry local_copy = in[i];
  Entry fresh = make_entry((int)i);
  int zeros[8] = {0};
  char scratch[16];
  for (int k = 0; k < (n & 15); k++) scratch[k] = 1;
  __assert(zeros[5] == 0);
  __assert(fresh.key == (int)i);
  __assert(fresh.tag[1] == 'b');
  local_copy.key += zeros[i % 8] + scratch[0];
  out[i] = local_copy;
}
