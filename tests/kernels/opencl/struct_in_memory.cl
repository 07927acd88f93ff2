//pass
//--local_size=64 --num_groups=2
typedef struct { int key; float value; } pair;
__kernel void struct_in_memory(__global pair *ps) {
  int i = get_global_id(0);
  ps[i].key = i;
  ps[i].value = 0.0f;
}
