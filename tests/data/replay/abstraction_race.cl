// A false alarm of the adversarial abstraction: every work item reads the
// same base, but the abstraction lets the two reads differ. No execution
// shows the reported race.
__kernel void abstraction_race(__global int *a, int n) {
  __local int base[1];
  int l = get_local_id(0);
  if (l == 0) base[0] = n;
  barrier(CLK_LOCAL_MEM_FENCE);
  a[base[0] + l] = l;
}
