//pass
//--local_size=64 --num_groups=16 --cl-std=CL2.0 --no-inline
// A synchronisation helper taking the barrier's memory_scope as a
// parameter, kept as a procedure (--no-inline). Inside it the scope is a
// run-time value, so its barrier fences `__local` memory only when the
// scope is work_group or wider; the flags never ask for a global fence,
// and before s12 the helper's contract still let the call forget the
// accesses to `__global` buffers made before it: false races on `src`
// and `dst` between groups. (Still a false race: a helper whose fence
// *flags* are a parameter too, since then the global fence is run-time.)
// Racy twin: no_inline_scope_helper_race.cl.

#define TILE 64

static void sync_local(memory_scope scope)
{
  work_group_barrier(CLK_LOCAL_MEM_FENCE, scope);
}

__kernel void rotate_tile(__global const float4 *src, __global float4 *dst)
{
  __local float4 tile[TILE];
  const size_t l = get_local_id(0);
  tile[l] = src[get_global_id(0)];
  sync_local(memory_scope_work_group);
  dst[get_global_id(0)] = tile[(l + 1) % TILE];
}

__kernel void smooth3(__global const float *src, __global float *dst)
{
  __local float tile[TILE];
  const size_t l = get_local_id(0);
  tile[l] = src[get_global_id(0)];
  sync_local(memory_scope_device);
  const float left = tile[l == 0 ? 0 : l - 1];
  const float right = tile[l == TILE - 1 ? l : l + 1];
  dst[get_global_id(0)] = (left + tile[l] + right) / 3.0f;
}
