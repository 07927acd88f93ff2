//! Shared memory contents and the access logs that detect races.
//!
//! Contents: one sparse map per memory object, element-indexed; an element
//! never written reads as the caller's input or as a value drawn from
//! (seed, object, group, index). Group-shared objects are reset for every
//! group. Writes are immediate (see the crate documentation).
//!
//! Logs: per object and byte, the accesses since the last barrier that
//! fenced the object's space (`intra`, this group only), and for global
//! objects every access of the whole launch (`inter`). Per byte and kind a
//! log keeps at most two entries from distinct threads (groups, for
//! `inter`): enough to find, for any new access, a logged conflicting access
//! by a *different* thread if one exists. Constant memory is never logged.

use crate::inputs::{draw, hash_str, hash_words, Rng};
use crate::prepare::{MemObject, Space};
use crate::{AccessKind, Launch};
use solver::value::Value;
use std::collections::{BTreeMap, HashMap};

/// One logged access.
#[derive(Clone, Debug)]
pub(crate) struct Rec {
    /// Index of the thread in the launch (global linear id).
    pub thread: usize,
    pub group: usize,
    pub kind: AccessKind,
    pub stmt: u32,
    /// The byte written (benign write-write tolerance).
    pub value: Option<u8>,
    /// An access of an asynchronous copy still pending: its event and the
    /// work item that executed the call (for reports). `thread` is then
    /// [`COPY_THREADS`] plus the copy's number in the group, so the copy
    /// conflicts with every work item, the executing one included.
    pub pending: Option<(u128, usize)>,
    /// The number of warp barriers the thread's warp had passed (accesses
    /// of one warp with different numbers are ordered).
    pub warp_epoch: u32,
}

/// The pseudo thread numbers of asynchronous copies start here.
pub(crate) const COPY_THREADS: usize = 1 << 48;

/// A conflict found by [`Logs::access`]: the logged access.
pub(crate) type Conflict = (Rec, bool);

#[derive(Default)]
pub(crate) struct Logs {
    /// Per object: byte -> accesses since the last fencing barrier.
    intra: Vec<HashMap<u128, Vec<Rec>>>,
    /// Per global object: byte -> accesses by any group.
    inter: Vec<HashMap<u128, Vec<Rec>>>,
}

/// What counts as ordered: whether two accesses conflict.
pub(crate) struct RacePolicy {
    pub benign_tolerance: bool,
    pub warp_size: Option<u32>,
    pub threads_per_group: u32,
    /// The warp width of warp barriers (`--warp-sync=N`, else 32).
    pub barrier_warp: u32,
}

impl RacePolicy {
    /// Threads per warp of warp barriers, as a divisor of global linear
    /// ids (groups hold whole warps only when the group size is a multiple;
    /// otherwise a warp is cut at the group's end, as `conflicts` does).
    fn warp_span(&self) -> usize {
        let bw = self.barrier_warp.max(1) as usize;
        let tpg = self.threads_per_group.max(1) as usize;
        if tpg % bw == 0 {
            bw
        } else {
            // Compare whole groups: conservative (drops fewer entries).
            usize::MAX
        }
    }

    fn conflicts(&self, new: &Rec, old: &Rec) -> bool {
        use AccessKind::*;
        if new.thread == old.thread {
            return false;
        }
        match (new.kind, old.kind) {
            (Read, Read) | (Atomic, Atomic) => return false,
            (Write, Write) if self.benign_tolerance && new.value == old.value => return false,
            _ => {}
        }
        let copy = new.pending.is_some() || old.pending.is_some();
        let tpg = self.threads_per_group as usize;
        let bw = self.barrier_warp.max(1) as usize;
        if !copy
            && new.group == old.group
            && (new.thread % tpg) / bw == (old.thread % tpg) / bw
            && new.warp_epoch != old.warp_epoch
        {
            // A warp barrier of their warp lies between them.
            return false;
        }
        if let Some(w) = self.warp_size.filter(|&w| w > 0 && !copy) {
            let tpg = self.threads_per_group as usize;
            let same_warp = new.group == old.group
                && (new.thread % tpg) / w as usize == (old.thread % tpg) / w as usize;
            let same_instruction_write = new.stmt == old.stmt && new.kind == Write;
            if same_warp && !same_instruction_write {
                return false;
            }
        }
        true
    }
}

fn push_bounded(recs: &mut Vec<Rec>, rec: Rec, warp: usize, key: impl Fn(&Rec) -> usize) {
    if rec.pending.is_some() {
        // Pending copies are kept apart from the bound: a wait removes
        // them, which must not leave the byte with too few other entries.
        if !recs
            .iter()
            .any(|r| r.thread == rec.thread && r.kind == rec.kind)
        {
            recs.push(rec);
        }
        return;
    }
    // Entries of the same kind by the same warp before a warp barrier
    // it has since passed conflict with nothing of that warp any more, and
    // for any other thread the new entry conflicts whenever they did: drop
    // them (else the bound below could keep only ordered entries).
    recs.retain(|r| {
        !(r.kind == rec.kind
            && r.pending.is_none()
            && r.group == rec.group
            && r.thread / warp == rec.thread / warp
            && r.warp_epoch < rec.warp_epoch)
    });
    let same_kind: Vec<&Rec> = recs
        .iter()
        .filter(|r| r.kind == rec.kind && r.pending.is_none())
        .collect();
    if same_kind.len() >= 2 || same_kind.iter().any(|r| key(r) == key(&rec)) {
        return;
    }
    recs.push(rec);
}

impl Logs {
    pub fn new(objects: usize) -> Logs {
        Logs {
            intra: vec![HashMap::new(); objects],
            inter: vec![HashMap::new(); objects],
        }
    }

    /// Logs an access to `byte` of object `array` and returns the first
    /// conflicting logged access (`true` when it is from another group).
    pub fn access(
        &mut self,
        policy: &RacePolicy,
        object: &MemObject,
        array: usize,
        byte: u128,
        rec: Rec,
    ) -> Option<Conflict> {
        if object.space == Space::Constant {
            return None;
        }
        // The access is logged even when it conflicts: a normal run stops
        // at the first conflict anyway, and a replay focused on another
        // element (`crate::replay`) continues past it.
        let intra = self.intra[array].entry(byte).or_default();
        let mut found = intra
            .iter()
            .find(|old| policy.conflicts(&rec, old))
            .map(|old| (old.clone(), false));
        push_bounded(intra, rec.clone(), policy.warp_span(), |r| r.thread);
        if object.space == Space::Global {
            let inter = self.inter[array].entry(byte).or_default();
            if found.is_none() {
                found = inter
                    .iter()
                    .find(|old| old.group != rec.group && policy.conflicts(&rec, old))
                    .map(|old| (old.clone(), true));
            }
            push_bounded(inter, rec, policy.warp_span(), |r| r.group);
        }
        found
    }

    /// A barrier: forget this group's accesses to the fenced spaces.
    /// Returns, per cleared object with accesses, its source name and how
    /// many bytes were written since the last barrier (what the barrier
    /// makes visible to the group).
    pub fn barrier(
        &mut self,
        objects: &[MemObject],
        local: bool,
        global: bool,
    ) -> Vec<(String, usize)> {
        let mut cleared = Vec::new();
        for (log, object) in self.intra.iter_mut().zip(objects) {
            let fenced = match object.space {
                Space::GroupShared => local,
                Space::Global => global,
                Space::Constant => false,
            };
            if fenced && !log.is_empty() {
                let written = log
                    .values()
                    .filter(|recs| recs.iter().any(|r| r.kind != AccessKind::Read))
                    .count();
                cleared.push((object.source_name.clone(), written));
                // A barrier does not complete an asynchronous copy.
                for recs in log.values_mut() {
                    recs.retain(|r| r.pending.is_some());
                }
                log.retain(|_, recs| !recs.is_empty());
            }
        }
        cleared
    }

    /// `wait_group_events`: this group's pending copies with `event` are
    /// complete (their accesses leave the intra-group logs; the
    /// inter-group logs keep them: a wait orders nothing across groups).
    pub fn retire(&mut self, event: u128) {
        for log in &mut self.intra {
            for recs in log.values_mut() {
                recs.retain(|r| r.pending.is_none_or(|(e, _)| e != event));
            }
            log.retain(|_, recs| !recs.is_empty());
        }
    }

    /// A new group starts: intra-group logs are per group.
    pub fn start_group(&mut self) {
        for log in &mut self.intra {
            log.clear();
        }
    }
}

/// The contents of every memory object.
pub(crate) struct Contents {
    elements: Vec<HashMap<u128, Value>>,
    given: Vec<Option<BTreeMap<u128, Value>>>,
    salts: Vec<u64>,
    seed: u64,
    group: u64,
}

impl Contents {
    pub fn new(
        objects: &[MemObject],
        given: Vec<Option<BTreeMap<u128, Value>>>,
        seed: u64,
    ) -> Contents {
        Contents {
            elements: vec![HashMap::new(); objects.len()],
            given,
            salts: objects.iter().map(|o| hash_str(&o.name)).collect(),
            seed,
            group: 0,
        }
    }

    pub fn start_group(&mut self, objects: &[MemObject], group: usize) {
        self.group = group as u64;
        for (elements, object) in self.elements.iter_mut().zip(objects) {
            if object.space == Space::GroupShared {
                elements.clear();
            }
        }
    }

    pub fn load(&self, objects: &[MemObject], launch: &Launch, array: usize, index: u128) -> Value {
        if let Some(v) = self.elements[array].get(&index) {
            return v.clone();
        }
        if let Some(v) = self.given[array].as_ref().and_then(|g| g.get(&index)) {
            return v.clone();
        }
        let object = &objects[array];
        let group = if object.space == Space::GroupShared {
            self.group
        } else {
            u64::MAX
        };
        let h = hash_words(&[
            self.seed,
            self.salts[array],
            group,
            index as u64,
            (index >> 64) as u64,
        ]);
        draw(&mut Rng::new(h), &object.range, launch)
    }

    /// Arbitrary new contents for `array`: stored and given values are
    /// forgotten and later loads draw from a new salt.
    pub fn havoc(&mut self, array: usize) {
        self.elements[array].clear();
        self.given[array] = None;
        self.salts[array] = hash_words(&[self.salts[array], 0x0068_6176_6f63]);
    }

    pub fn store(&mut self, array: usize, index: u128, value: Value) {
        self.elements[array].insert(index, value);
    }
}

/// Byte `k` of a value (little-endian), for benign-write comparison.
pub(crate) fn value_byte(value: &Value, k: u128) -> u8 {
    match value {
        Value::Bool(b) => (k == 0 && *b) as u8,
        Value::Bv { value, .. } if k < 16 => (value >> (8 * k)) as u8,
        Value::Int(i) if k < 16 => (*i as u128 >> (8 * k)) as u8,
        _ => 0,
    }
}
