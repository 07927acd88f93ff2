// Not in the Boogie subset --boogie-file reads: a procedure.
const N: bv32;
procedure helper(x: bv32);
