// A racy scatter (every work item also writes out[0]) under the quantified
// bijection axiom of boogie_file_bijection.bpl: the solvers cannot decide
// the race query with the quantifier (z3: "incomplete quantifiers" or a
// timeout), so the verdict must be an inconclusive exit 7 that names the
// quantified axiom (or, if a solver does find the model, the race: exit
// 6), never "Verified". Run by tests/cli.rs (not in the corpus: which of
// the two it is depends on the solver's luck within the time limit).
#include "../../kernels/opencl/annotations/gv_scramble.h"

__kernel void scatter(__global const float *in, __global float *out) {
  unsigned i = get_global_id(0);
  out[scramble(i)] = in[i] * 2.0f;
  out[0] = in[i];
}
