//pass
//--local_size=64 --num_groups=4 --kernel=histogram_merge
// The merge kernel of histogram.cl, launched with one work-item per bin.
#include "histogram.cl"
