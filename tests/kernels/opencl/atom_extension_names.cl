//pass
//--local_size=32 --num_groups=1
__kernel void atom_extension_names(__local int *s) {
  atom_add(&s[0], 1);
  atom_inc(&s[1]);
}
