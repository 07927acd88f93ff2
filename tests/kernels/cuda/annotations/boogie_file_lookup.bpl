// Extra declarations for boogie_file_lookup.cu, in the Boogie subset
// GPUVerify users write: a constant, a builtin-backed comparison and an
// axiom bounding the kernel's uninterpreted `bucket` below the table size.
const TABLE: bv32;
axiom TABLE == 256bv32;
function {:bvbuiltin "bvult"} BV32_ULT(bv32, bv32) returns (bool);
function bucket(key: bv32) returns (bv32);
axiom (forall k: bv32 :: BV32_ULT(bucket(k), TABLE));
