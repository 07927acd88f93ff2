//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=1024 --kernel-args=bitonicSortStepWrongPairs,5,2
//race on theArray
// Host-driven bitonic step whose pair distance ignores the pass: several
// work-items compare-exchange overlapping pairs.
__kernel void bitonicSortStepWrongPairs(__global uint *theArray, const uint stage, const uint passOfStage) {
  uint threadId = get_global_id(0);
  uint pairDistance = 1 << passOfStage;
  uint leftId = threadId;
  uint rightId = leftId + pairDistance;
  uint l = theArray[leftId], r = theArray[rightId];
  theArray[leftId] = min(l, r);
  theArray[rightId] = max(l, r);
}
