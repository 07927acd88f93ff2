//pass
//--local_size=64 --num_groups=8
// Access predicates on an input that is only read: the read log of `in`
// is kept because an annotation reads it, and the invariant holds (each
// work item reads only its own element).
__kernel void scale(__global const float *in, __global float *out, int n) {
  int g = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0;
       __invariant(__read_implies(in, __read_offset(in) == g)),
       k < n; k++) {
    acc += in[g] * 0.5f;
  }
  out[g] = acc;
}
