//! Declarations of the explicit program: the per-thread copies of private
//! state, the local ids (symbolic or concrete), the race ghosts of each
//! array and the block predicates.

use super::encoder::*;
use super::*;

impl Encoder<'_> {
    /// Declares copies, ids, ghosts and predicates.
    pub(super) fn declare(&mut self) -> Result<(), TransformError> {
        let mut private: Vec<(String, Type)> = self
            .body
            .locals
            .iter()
            .map(|v| (v.name.name.clone(), v.ty.clone()))
            .collect();
        private.extend(
            self.kernel
                .returns
                .iter()
                .map(|v| (v.name.name.clone(), v.ty.clone())),
        );
        for g in self.program.global_vars() {
            if !self.arrays.contains_key(&g.name.name) {
                private.push((g.name.name.clone(), g.ty.clone()));
            }
        }
        for (name, ty) in &private {
            for k in 0..self.n {
                let copy = self.local(&format!("{name}$t{k}"), ty.clone());
                self.copies.insert((name.clone(), k), copy);
            }
            self.private_types.insert(name.clone(), ty.clone());
        }
        for k in 0..self.n {
            let lid = match self.config.ids {
                IdMode::Symbolic => self.constant(&format!("local_id_x$t{k}"), Type::Bv(32)),
                IdMode::Concrete => String::new(),
            };
            self.lids.push(lid);
        }
        let racy: Vec<ArrayInfo> = self
            .arrays
            .values()
            .filter(|a| a.is_racy_space())
            .cloned()
            .collect();
        // Only the kinds of access an array has are logged and checked.
        let mut kinds: HashSet<(String, crate::AccessKind)> = HashSet::new();
        for block in &self.body.blocks {
            for stmt in &block.stmts {
                if let Some((array, _, kind)) = self.access_of(stmt) {
                    kinds.insert((array, kind));
                }
            }
        }
        for a in racy {
            let has = |k: crate::AccessKind| kinds.contains(&(a.ivl_name.clone(), k));
            let (has_read, has_write, has_atomic) = (
                has(crate::AccessKind::Read),
                has(crate::AccessKind::Write),
                has(crate::AccessKind::Atomic),
            );
            let stem = a.ivl_name.trim_start_matches('$').to_string();
            let watched = self.constant(&format!("W_{stem}"), a.index_type.clone());
            let mut g = Ghosts {
                watched,
                read: Vec::new(),
                write: Vec::new(),
                atomic: Vec::new(),
                value: Vec::new(),
            };
            for k in 0..self.n {
                if has_read {
                    g.read
                        .push(self.local(&format!("READ_{stem}$t{k}"), bool_ty()));
                }
                if has_write {
                    g.write
                        .push(self.local(&format!("WRITE_{stem}$t{k}"), bool_ty()));
                    g.value
                        .push(self.local(&format!("VALUE_{stem}$t{k}"), a.elem_type.clone()));
                }
                if has_atomic {
                    g.atomic
                        .push(self.local(&format!("ATOMIC_{stem}$t{k}"), bool_ty()));
                }
            }
            self.ghosts.insert(a.ivl_name.clone(), g);
        }
        for b in 0..self.body.blocks.len() {
            let label = self.body.blocks[b].label.name.clone();
            let names = (0..self.n)
                .map(|k| self.local(&format!("at${label}$t{k}"), bool_ty()))
                .collect();
            self.at.push(names);
        }
        Ok(())
    }
}
