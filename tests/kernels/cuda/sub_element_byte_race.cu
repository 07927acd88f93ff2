//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-write race on words\[
//\] \(byte 1\):
// Thread t writes the int words[t] and the byte 4t + 5, which is byte 1
// of words[t + 1] (thread t + 1 writes it too); the race is reported on
// that element with the byte within it.
__global__ void sub_element_byte_race(int *words) {
  unsigned char *bytes = (unsigned char *)words;
  int t = threadIdx.x;
  words[t] = 0;
  bytes[4 * t + 5] = 7;
}
