//! Which race reports are the same race, so each is printed once.
//!
//! Consumes a [`transform::Defect`]; gives a key equal for two races on the
//! same array between the same two (access kind, source location) pairs,
//! in either order (thread 1 logged a write at A and thread 2 read at B,
//! or thread 1 logged the read at B and thread 2 wrote at A). Unrolled or
//! inlined copies of one access are distinct checks with one source line,
//! so they share a key. Non-races and races without a location have none.

use transform::{Defect, DefectKind};

/// The key of a race report (see the module doc).
pub fn race_key(d: &Defect) -> Option<String> {
    let (DefectKind::Race { logged, checked }, Some(location)) = (&d.kind, &d.location) else {
        return None;
    };
    let mut pair = [
        format!("{}@{:?}", checked.name(), Some(location)),
        format!("{}@{:?}", logged.name(), d.logged_location),
    ];
    pair.sort();
    Some(format!("{:?}|{pair:?}", d.array))
}

#[cfg(test)]
mod tests {
    use super::*;
    use transform::{AccessKind, SourceLoc};

    fn race(logged: AccessKind, checked: AccessKind, at: u32, earlier: u32) -> Defect {
        let loc = |line| SourceLoc {
            file: "k.cu".into(),
            line,
            col: 5,
        };
        Defect {
            kind: DefectKind::Race { logged, checked },
            array: Some("buf".into()),
            element: Some(3),
            element_width: None,
            offset: Some(3),
            byte: None,
            thread1: Default::default(),
            thread2: Default::default(),
            thread: None,
            location: Some(loc(at)),
            span: None,
            logged_location: Some(loc(earlier)),
            logged_span: None,
            logged_site: Some(1),
            logged_candidates: Vec::new(),
        }
    }

    #[test]
    fn the_same_two_accesses_in_either_order_are_one_race() {
        let a = race(AccessKind::Write, AccessKind::Read, 10, 12);
        let b = race(AccessKind::Read, AccessKind::Write, 12, 10);
        assert_eq!(race_key(&a), race_key(&b));
        assert!(race_key(&a).is_some());
    }

    #[test]
    fn other_kinds_or_lines_are_other_races() {
        let a = race(AccessKind::Write, AccessKind::Read, 10, 12);
        let swapped_kinds = race(AccessKind::Read, AccessKind::Write, 10, 12);
        let other_line = race(AccessKind::Write, AccessKind::Read, 10, 13);
        assert_ne!(race_key(&a), race_key(&swapped_kinds));
        assert_ne!(race_key(&a), race_key(&other_line));
    }
}
