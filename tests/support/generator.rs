//! A seeded generator of small kernels for the differential test, in
//! OpenCL ([`kernel`]) and CUDA ([`cuda_kernel`]): loops with simple bounds
//! (constants, a scalar argument, the local id), nested conditionals on
//! ids, on shared values and on private values, barriers anywhere (also
//! under divergent conditions and in loops), two group-shared (`__local`,
//! `__shared__`) and two global arrays, atomics (`atomic_add`,
//! `atomicAdd`), OpenCL async copies (`async_work_group_copy` and its
//! `wait_group_events`, possibly divergent or with a per-item destination,
//! with accesses or a barrier between the copy and its wait),
//! CUDA `extern __shared__` arrays (two declarations, which alias). CUDA
//! kernels use 2-D ids: `threadIdx.x/.y`, `blockIdx.x/.y`
//! and indices built from them, for 2-D launches. The same seed always
//! gives the same kernel. Local indices stay below 64, so every launch of
//! the test (at most 8 threads per group) stays inside the group-shared
//! arrays; global arrays are kernel arguments of unknown size.

/// SplitMix64.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5851_f42d_4c95_7f2d)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    OpenCl,
    Cuda,
}

struct Gen {
    dialect: Dialect,
    rng: Rng,
    out: String,
    /// Loop counters in scope.
    counters: Vec<String>,
    next_counter: usize,
    statements: usize,
}

const FENCES: &[&str] = &[
    "CLK_LOCAL_MEM_FENCE",
    "CLK_GLOBAL_MEM_FENCE",
    "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE",
];

impl Gen {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth + 1 {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn counter(&mut self) -> Option<String> {
        if self.counters.is_empty() {
            None
        } else {
            let k = self.rng.below(self.counters.len());
            Some(self.counters[k].clone())
        }
    }

    /// An array and an index into it. Own-slot indices are favoured so
    /// that some kernels are race-free.
    fn access(&mut self) -> (String, String) {
        let local = self.rng.chance(55);
        let own = self.rng.chance(50);
        let counter = self.counter();
        if local {
            let cuda = self.dialect == Dialect::Cuda;
            // CUDA: `D` and `E` are two extern __shared__ declarations of
            // the one dynamic shared memory (they alias).
            let arrays: &[&str] = if cuda {
                &["L", "M", "D", "E"]
            } else {
                &["L", "M"]
            };
            let array = self.rng.pick(arrays).to_string();
            let index = if own {
                "lid".to_string()
            } else {
                match (self.rng.below(if cuda { 10 } else { 7 }), counter) {
                    (0, Some(i)) => format!("lid + {i}"),
                    (0, None) | (1, _) => "lid + 1".into(),
                    (2, _) => "lid / 2".into(),
                    (3, _) => "0".into(),
                    (4, _) => "2 * lid".into(),
                    (5, _) => "lid ^ 1".into(),
                    (7, _) => "tx".into(),
                    (8, _) => "ty".into(),
                    (9, _) => "tx * 8 + ty".into(),
                    _ => "7 - lid".into(),
                }
            };
            (array, index)
        } else {
            let array = self.rng.pick(&["A", "B"]).to_string();
            let cuda = self.dialect == Dialect::Cuda;
            let index = if own {
                "gid".to_string()
            } else {
                match (self.rng.below(if cuda { 9 } else { 7 }), counter) {
                    (0, Some(i)) => format!("gid + {i}"),
                    (0, None) | (1, _) => "gid + 1".into(),
                    (2, _) => "lid".into(),
                    (3, _) => "grp".into(),
                    (4, _) => "0".into(),
                    (5, _) => "gid / 2".into(),
                    (7, _) => "bx * 64 + tx".into(),
                    (8, _) => "(by * 8 + ty) * 64 + bx * 8 + tx".into(),
                    _ => "2 * gid".into(),
                }
            };
            (array, index)
        }
    }

    fn value(&mut self) -> String {
        match self.rng.below(6) {
            0 => "(int)lid".into(),
            1 => "1".into(),
            2 => "x".into(),
            3 => "n".into(),
            4 => "(int)gid".into(),
            _ => {
                let (a, i) = self.access();
                format!("{a}[{i}] + 1")
            }
        }
    }

    fn condition(&mut self) -> String {
        let c = self.rng.below(4) + 1;
        if self.dialect == Dialect::Cuda && self.rng.chance(25) {
            return match self.rng.below(4) {
                0 => format!("tx < {}", c.min(3)),
                1 => "ty == 0".into(),
                2 => "by == 0".into(),
                _ => {
                    let (a, i) = self.access();
                    let (b, j) = self.access();
                    format!("{a}[{i}] > {b}[{j}]")
                }
            };
        }
        match self.rng.below(9) {
            0 => format!("lid < {c}"),
            1 => "lid % 2 == 0".into(),
            2 => "gid == 0".into(),
            3 => "grp == 0".into(),
            4 => format!("n > {c}"),
            5 => {
                let (a, i) = self.access();
                format!("{a}[{i}] > {c}")
            }
            6 => format!("x > {c}"),
            7 => match self.counter() {
                Some(i) => format!("{i} < 1"),
                None => format!("n == {c}"),
            },
            _ => "lid == 0".into(),
        }
    }

    fn block(&mut self, depth: usize, budget: usize) {
        let n = 1 + self.rng.below(budget.max(1));
        for _ in 0..n {
            self.statement(depth);
        }
    }

    fn statement(&mut self, depth: usize) {
        self.statements += 1;
        let nested = depth < 3 && self.statements < 14;
        let roll = self.rng.below(if nested { 100 } else { 70 });
        match roll {
            0..=19 => {
                let (a, i) = self.access();
                let v = self.value();
                self.line(depth, &format!("{a}[{i}] = {v};"));
            }
            20..=34 => {
                let (a, i) = self.access();
                self.line(depth, &format!("x += {a}[{i}];"));
            }
            35..=44 => {
                let (a, i) = self.access();
                let v = self.rng.pick(&["1", "(int)lid", "x"]).to_string();
                let f = match self.dialect {
                    Dialect::OpenCl => "atomic_add",
                    Dialect::Cuda => "atomicAdd",
                };
                if self.rng.chance(50) {
                    self.line(depth, &format!("{f}(&{a}[{i}], {v});"));
                } else {
                    self.line(depth, &format!("x += {f}(&{a}[{i}], {v});"));
                }
            }
            45..=51 if self.dialect == Dialect::OpenCl => {
                // An async copy and its wait, collective operations: under
                // a divergent condition or with a per-item destination they
                // are defects.
                let dst = self.rng.pick(&["L", "M"]).to_string();
                let src = self.rng.pick(&["A", "B"]).to_string();
                let dst_off = self.rng.pick(&["0", "8", "(lid & 1) * 8"]).to_string();
                // The copy is pending until its wait: sometimes accesses
                // (a read of the destination, a write of the source...)
                // or a barrier come between, and sometimes a local-to-global
                // copy instead.
                let between = if self.rng.chance(50) {
                    let (a, i) = self.access();
                    if self.rng.chance(50) {
                        format!(" x += {a}[{i}];")
                    } else {
                        let v = self.value();
                        format!(" {a}[{i}] = {v};")
                    }
                } else if self.rng.chance(20) {
                    " barrier(CLK_LOCAL_MEM_FENCE);".to_string()
                } else {
                    String::new()
                };
                let copy = if self.rng.chance(25) {
                    format!("async_work_group_copy({src} + grp * 8, {dst} + {dst_off}, 8, 0)")
                } else {
                    format!("async_work_group_copy({dst} + {dst_off}, {src} + grp * 8, 8, 0)")
                };
                self.line(
                    depth,
                    &format!("{{ event_t e = {copy};{between} wait_group_events(1, &e); }}"),
                );
            }
            45..=69 => match self.dialect {
                Dialect::OpenCl => {
                    let fence = self.rng.pick(FENCES).to_string();
                    self.line(depth, &format!("barrier({fence});"));
                }
                Dialect::Cuda => self.line(depth, "__syncthreads();"),
            },
            70..=84 => {
                let c = self.condition();
                self.line(depth, &format!("if ({c}) {{"));
                self.block(depth + 1, 3);
                if self.rng.chance(40) {
                    self.line(depth, "} else {");
                    self.block(depth + 1, 2);
                }
                self.line(depth, "}");
            }
            _ => {
                let i = format!("i{}", self.next_counter);
                self.next_counter += 1;
                let bound = match self.rng.below(5) {
                    0 | 1 => (self.rng.below(3) + 1).to_string(),
                    2 => "n".into(),
                    3 => "(n & 3)".into(),
                    _ => "lid".into(),
                };
                self.line(
                    depth,
                    &format!("for (int {i} = 0; {i} < {bound}; {i}++) {{"),
                );
                self.counters.push(i);
                self.block(depth + 1, 3);
                self.counters.pop();
                self.line(depth, "}");
            }
        }
    }
}

fn body(dialect: Dialect, seed: u64) -> String {
    let mut g = Gen {
        dialect,
        rng: Rng::new(seed),
        out: String::new(),
        counters: Vec::new(),
        next_counter: 0,
        statements: 0,
    };
    g.block(0, 6);
    g.out
}

/// The OpenCL kernel of `seed`, named `gen`, with a test header (line 1
/// `//gen`, line 2 no flags: the test supplies the launch).
pub fn kernel(seed: u64) -> String {
    let body = body(Dialect::OpenCl, seed);
    format!(
        "//gen seed {seed}\n//\n\
         __kernel void gen(__global int *A, __global int *B, int n) {{\n  \
         __local int L[64];\n  __local int M[64];\n  \
         unsigned lid = get_local_id(0);\n  unsigned gid = get_global_id(0);\n  \
         unsigned grp = get_group_id(0);\n  int x = 0;\n\
         {body}}}\n"
    )
}

/// The CUDA kernel of `seed` (`.cu`), named `gen`, for 2-D launches:
/// `lid` is the linear thread id in the block, `grp` the linear block id,
/// `gid` the linear global id; `tx`, `ty`, `bx`, `by` the 2-D ids.
pub fn cuda_kernel(seed: u64) -> String {
    let body = body(Dialect::Cuda, seed);
    format!(
        "//gen cuda seed {seed}\n//\n\
         __global__ void gen(int *A, int *B, int n) {{\n  \
         __shared__ int L[64];\n  __shared__ int M[64];\n  \
         extern __shared__ int D[];\n  extern __shared__ int E[];\n  \
         unsigned tx = threadIdx.x;\n  unsigned ty = threadIdx.y;\n  \
         unsigned bx = blockIdx.x;\n  unsigned by = blockIdx.y;\n  \
         unsigned lid = ty * blockDim.x + tx;\n  \
         unsigned grp = by * gridDim.x + bx;\n  \
         unsigned gid = grp * (blockDim.x * blockDim.y) + lid;\n  int x = 0;\n\
         {body}}}\n"
    )
}
