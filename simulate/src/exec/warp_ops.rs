//! Warp shuffles, votes and matches (`havoc {:warp_op ...}`, from CUDA's
//! `__shfl*_sync`, `__ballot_sync`, `__all/__any_sync`, `__match_*_sync`,
//! `__reduce_*_sync` and cooperative-groups tiles) in the lock-step
//! executor.
//!
//! The threads executing the statement together (`here`) are the enabled
//! lanes; they are grouped into warps of `--warp-sync=N` threads (32
//! without it) by local linear id, and each result is computed from the
//! lanes of the thread's own warp that execute it:
//! - `shfl(v, src)`: lane `src`'s `v` when that lane is here, else an
//!   arbitrary value (reading an inactive lane is undefined in CUDA);
//! - `ballot(p)`: the bits of the lanes here whose `p` is non-zero;
//!   `all(p)` / `any(p)`: 1 when every / some lane here has `p` non-zero;
//! - `match_any(m, v)`: the lanes here in `m` whose `v` equals this lane's;
//!   `match_all(m, v)`: the lanes here in `m` when all their `v` are equal,
//!   else 0;
//! - `agree32` (a reduction whose operator the frontend does not name): one
//!   arbitrary value per warp.
//!
//! The frontend's two-thread facts about these values are `{:model_fact}`
//! assumptions the interpreter skips: the computed values satisfy them.

use super::{draw_like, Machine, Run, Stop};
use crate::prepare::{Stmt, WARP_LANE_VAR};
use crate::SimError;
use solver::value::Value;
use std::collections::BTreeMap;

fn truthy(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Bv { value, .. } => *value != 0,
        Value::Int(i) => *i != 0,
        _ => false,
    }
}

fn bits(v: &Value) -> u128 {
    match v {
        Value::Bv { value, .. } => *value,
        Value::Int(i) => *i as u128,
        Value::Bool(b) => *b as u128,
        _ => 0,
    }
}

impl Machine<'_, '_> {
    /// Sets every thread's lane in its warp (`__warp_lane()`).
    pub(super) fn set_warp_lanes(&mut self) {
        let width = self.policy.barrier_warp.max(1);
        for t in &mut self.threads {
            let lane = t.id.local_linear % width;
            t.env
                .vars
                .insert(WARP_LANE_VAR.into(), Value::bv(u128::from(lane), 32));
        }
    }

    pub(super) fn warp_op(
        &mut self,
        stmt: &Stmt,
        dest: &str,
        kind: &str,
        operands: &[ivl::ast::Expr],
        here: &[usize],
    ) -> Run {
        let width = self.policy.barrier_warp.max(1) as usize;
        // Per thread: its lane and operand values.
        let mut lanes: BTreeMap<usize, BTreeMap<usize, Vec<Value>>> = BTreeMap::new();
        for &t in here {
            self.tick()?;
            self.bind_reads(stmt, t, true)?;
            let mut vs = Vec::with_capacity(operands.len());
            for e in operands {
                vs.push(self.eval(t, e, &stmt.loc)?);
            }
            let local = self.threads[t].id.local_linear as usize;
            lanes
                .entry(local / width)
                .or_default()
                .insert(local % width, vs);
        }
        let mut agreed: BTreeMap<usize, Value> = BTreeMap::new();
        for &t in here {
            let local = self.threads[t].id.local_linear as usize;
            let warp = &lanes[&(local / width)];
            let own = &warp[&(local % width)];
            let current = self.threads[t]
                .env
                .vars
                .get(dest)
                .cloned()
                .unwrap_or(Value::bv(0, 32));
            let lane_bits = |keep: &dyn Fn(&Vec<Value>) -> bool| {
                warp.iter()
                    .filter(|(l, vs)| **l < 32 && keep(vs))
                    .fold(0u128, |acc, (l, _)| acc | 1 << l)
            };
            let result = match (kind, own.as_slice()) {
                ("shfl", [_, src]) => {
                    match usize::try_from(bits(src)).ok().and_then(|s| warp.get(&s)) {
                        Some(vs) => vs[0].clone(),
                        None => draw_like(&mut self.rng, &current, self.launch),
                    }
                }
                ("ballot", [_]) => Value::bv(lane_bits(&|vs| truthy(&vs[0])), 32),
                ("all", [_]) => Value::bv(warp.values().all(|vs| truthy(&vs[0])) as u128, 32),
                ("any", [_]) => Value::bv(warp.values().any(|vs| truthy(&vs[0])) as u128, 32),
                ("match_any", [m, v]) => {
                    let m = bits(m);
                    Value::bv(lane_bits(&|vs| vs[1] == *v) & m, 32)
                }
                ("match_all", [m, _]) => {
                    let m = bits(m);
                    let members: Vec<&Vec<Value>> = warp
                        .iter()
                        .filter(|(l, _)| **l < 32 && m >> **l & 1 == 1)
                        .map(|(_, vs)| vs)
                        .collect();
                    let same = members.windows(2).all(|w| w[0][1] == w[1][1]);
                    Value::bv(
                        if same {
                            lane_bits(&|vs| members.contains(&vs))
                        } else {
                            0
                        },
                        32,
                    )
                }
                ("agree32", []) => agreed
                    .entry(local / width)
                    .or_insert_with(|| draw_like(&mut self.rng, &current, self.launch))
                    .clone(),
                _ => {
                    return Err(Stop::Error(SimError::Unsupported(format!(
                        "the warp operation `{kind}`"
                    ))))
                }
            };
            self.threads[t].env.vars.insert(dest.to_string(), result);
        }
        Ok(())
    }
}
