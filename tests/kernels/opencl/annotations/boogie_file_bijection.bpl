// Extra axioms for boogie_file_bijection.cl (GPUVerify's --boogie-file):
// the kernel's uninterpreted `scramble` is a bijection, i.e. it has an
// inverse. Boogie's `returns (r: T)` form is accepted.
function scramble(x: bv32) returns (r: bv32);
function unscramble(bv32) returns (bv32);
axiom (forall x: bv32 :: unscramble(scramble(x)) == x);
