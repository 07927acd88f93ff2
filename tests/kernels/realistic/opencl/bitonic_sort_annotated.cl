//pass
//--local_size=256 --num_groups=1024
// The host-driven bitonic step with the preconditions the host loop
// guarantees written as GPUVerify annotations (stage < 20, pass <= stage).

__kernel void bitonicSortStep(__global uint *theArray, const uint stage, const uint passOfStage, const uint direction) {
  __requires(stage < 20);
  __requires(passOfStage <= stage);
  uint threadId = get_global_id(0);
  uint pairDistance = 1 << (stage - passOfStage);
  uint leftId = (threadId % pairDistance) + (threadId / pairDistance) * 2 * pairDistance;
  uint rightId = leftId + pairDistance;
  uint l = theArray[leftId], r = theArray[rightId];
  uint up = ((threadId >> stage) & 1) ? 1 - direction : direction;
  uint lo = min(l, r), hi = max(l, r);
  theArray[leftId] = up ? lo : hi;
  theArray[rightId] = up ? hi : lo;
}
