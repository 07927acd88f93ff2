//! Warp barriers (`call warp_barrier(mask)`, CUDA `__syncwarp`, a
//! cooperative-groups tile's `sync()`) in the lock-step executor.
//!
//! Warps are runs of `--warp-sync=N` threads (32 without it) by local
//! linear id. A warp barrier executed by some threads of a warp whose
//! masks name a lane of that warp that does not execute it with them is
//! barrier divergence. When every thread of the warp executes it, each
//! naming the whole warp, the warp's barrier count (epoch) grows: its
//! threads' accesses before and after are ordered for one another
//! (`memory::RacePolicy`). A mask leaving out existing lanes of the warp
//! (a partial-warp barrier) is not simulated: refused, never guessed.

use super::{Machine, Run, Stop};
use crate::prepare::Stmt;
use crate::{Outcome, SimError};
use solver::value::Value;
use std::collections::BTreeMap;

impl Machine<'_, '_> {
    /// The warp of thread `t` of the group.
    fn warp_of(&self, t: usize) -> usize {
        self.threads[t].id.local_linear as usize / self.policy.barrier_warp.max(1) as usize
    }

    /// The warp barriers thread `t`'s warp has passed in this group.
    pub(super) fn warp_epoch_of(&self, t: usize) -> u32 {
        self.warp_epochs.get(&self.warp_of(t)).copied().unwrap_or(0)
    }

    pub(super) fn warp_barrier(
        &mut self,
        stmt: &Stmt,
        mask: &ivl::ast::Expr,
        here: &[usize],
    ) -> Run {
        self.tick()?;
        let width = self.policy.barrier_warp.max(1) as usize;
        let mut warps: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &t in here {
            warps.entry(self.warp_of(t)).or_default().push(t);
        }
        for (warp, at) in warps {
            let members: Vec<usize> = (0..self.threads.len())
                .filter(|&u| self.warp_of(u) == warp)
                .collect();
            for &t in &at {
                let m = match self.eval(t, mask, &stmt.loc)? {
                    Value::Bv { value, .. } => value,
                    other => {
                        return Err(Stop::Error(SimError::Eval {
                            loc: stmt.loc.clone(),
                            message: format!("a warp barrier mask {other}"),
                        }))
                    }
                };
                let named = |u: usize| {
                    let lane = self.threads[u].id.local_linear as usize % width;
                    lane < 128 && (m >> lane) & 1 == 1
                };
                if members.iter().any(|&u| named(u) && !at.contains(&u)) {
                    let ids = |keep: bool| {
                        members
                            .iter()
                            .filter(|u| at.contains(u) == keep)
                            .map(|&u| self.threads[u].id)
                            .collect()
                    };
                    return Err(Stop::Found(Box::new(Outcome::BarrierDivergence {
                        loc: stmt.loc.clone(),
                        group: self.threads[0].id.group,
                        enabled: ids(true),
                        disabled: ids(false),
                    })));
                }
                if members.iter().any(|&u| !named(u)) {
                    let at = stmt.loc.as_ref().map(|l| format!(" at {l}"));
                    return Err(Stop::Error(SimError::Unsupported(format!(
                        "a warp barrier{} whose mask leaves out lanes of the warp (a \
                         cooperative-groups tile narrower than the warp)",
                        at.unwrap_or_default()
                    ))));
                }
            }
            *self.warp_epochs.entry(warp).or_insert(0) += 1;
        }
        Ok(())
    }
}
