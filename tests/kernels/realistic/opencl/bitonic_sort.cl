//pass
//--local_size=256 --num_groups=1024 --kernel-args=bitonicSort,5,2,1
// Bitonic sort, host-driven: the host loops over stages and passes and
// enqueues one global step per (stage, pass); plus the local-memory
// variant that sorts 2 * local_size keys per work-group.
__kernel void bitonicSort(__global uint *theArray, const uint stage, const uint passOfStage, const uint direction) {
  uint sortIncreasing = direction;
  uint threadId = get_global_id(0);
  uint pairDistance = 1 << (stage - passOfStage);
  uint blockWidth = 2 * pairDistance;
  uint leftId = (threadId % pairDistance) + (threadId / pairDistance) * blockWidth;
  uint rightId = leftId + pairDistance;
  uint leftElement = theArray[leftId];
  uint rightElement = theArray[rightId];
  uint sameDirectionBlockWidth = 1 << stage;
  if ((threadId / sameDirectionBlockWidth) % 2 == 1) sortIncreasing = 1 - sortIncreasing;
  uint greater, lesser;
  if (leftElement > rightElement) {
    greater = leftElement;
    lesser = rightElement;
  } else {
    greater = rightElement;
    lesser = leftElement;
  }
  if (sortIncreasing) {
    theArray[leftId] = lesser;
    theArray[rightId] = greater;
  } else {
    theArray[leftId] = greater;
    theArray[rightId] = lesser;
  }
}

__kernel void bitonicSortLocal(__global uint *keys, const uint dir) {
  __local uint l_key[512];
  uint lid = get_local_id(0);
  keys += get_group_id(0) * 512 + lid;
  l_key[lid] = keys[0];
  l_key[lid + 256] = keys[256];
  for (uint size = 2; size < 512; size <<= 1) {
    uint ddd = dir ^ ((lid & (size / 2)) != 0);
    for (uint stride = size / 2; stride > 0; stride >>= 1) {
      barrier(CLK_LOCAL_MEM_FENCE);
      uint pos = 2 * lid - (lid & (stride - 1));
      uint a = l_key[pos], b = l_key[pos + stride];
      if ((a > b) == ddd) {
        l_key[pos] = b;
        l_key[pos + stride] = a;
      }
    }
  }
  for (uint stride = 256; stride > 0; stride >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    uint pos = 2 * lid - (lid & (stride - 1));
    uint a = l_key[pos], b = l_key[pos + stride];
    if ((a > b) == dir) {
      l_key[pos] = b;
      l_key[pos + stride] = a;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  keys[0] = l_key[lid];
  keys[256] = l_key[lid + 256];
}
