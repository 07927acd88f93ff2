//! From a failing check of the product back to the kernel: which defect,
//! on which array element, between which two threads, where.
//!
//! Input: the check's attributes (as the product put them on the `assert`)
//! and its span (the kernel IVL statement it checks: for a race, the
//! checked access),
//! the class of the check (which the solver knows: assertion, invariant on
//! entry, ...), and the model as a lookup `name -> value` (the solver's
//! model restricted to integers and bit-vectors; this crate does not depend
//! on the solver). Output: a [`Defect`]; fields the model lacks stay `None`.
//!
//! Locations: the `{:source}` position when the kernel came from OpenCL or
//! CUDA, and always the kernel-IVL span as well (reports on hand-written
//! IVL use it). Thread 1's logged access is found through the site ghost's
//! model value; when the ghost was havocked at a loop head its value names
//! no site, and `logged_site` stays `None`; the location is then still
//! known when every site of that array and kind has one source position,
//! and is otherwise "an earlier access".
//!
//! Sub-element accesses: the frontend lowers an array accessed with several
//! widths to a byte map and splits each wide access into consecutive byte
//! accesses with one source position. The widest such run (a power of two)
//! is taken as the array's element size, so a race on byte 13 of an `int`
//! array is reported as element 3, byte 1. This only shapes the message.

use crate::names;
use crate::race::AccessKind;
use crate::{SourceLoc, TwoThreadProgram};
use ivl::ast::{find_attr, has_attr, AttrArg, Attribute, Expr, ExprKind};
use ivl::kernel;

/// What kind of check failed, as the solver classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckClass {
    Assertion,
    InvariantEntry,
    InvariantMaintained,
    Precondition,
    Postcondition,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefectKind {
    /// `logged` by thread 1 first, `checked` by thread 2 second.
    Race {
        logged: AccessKind,
        checked: AccessKind,
    },
    BarrierDivergence,
    Assertion,
    InvariantEntry,
    InvariantMaintained,
    Precondition,
    Postcondition,
    NullPointer,
    /// An `unreachable`/`llvm.assume` the optimiser made of undefined
    /// behaviour (`{:ub_check}`) is reached.
    UndefinedBehaviour,
    /// An async copy or `wait_group_events` (`{:collective}`) reached by
    /// part of the group or with arguments that differ between work items.
    CollectiveDivergence,
    /// `--check-array-bounds`: an access outside array `Defect::array`.
    ArrayBounds,
}

impl DefectKind {
    /// `write-read`, ... for races.
    pub fn race_name(&self) -> Option<String> {
        match self {
            DefectKind::Race { logged, checked } => {
                Some(format!("{}-{}", logged.name(), checked.name()))
            }
            _ => None,
        }
    }
}

/// The ids of one thread of the pair, per dimension (x, y, z).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThreadIds {
    pub local: [Option<u128>; 3],
    pub group: [Option<u128>; 3],
    /// `group * local_size + local` (without the OpenCL global offset).
    pub global: [Option<u128>; 3],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defect {
    pub kind: DefectKind,
    /// The array's source name (races).
    pub array: Option<String>,
    /// The racing element (the watched offset, in elements; for a byte
    /// map whose accesses are wider than a byte, in those wider elements).
    pub element: Option<u128>,
    pub element_width: Option<u32>,
    /// The watched offset itself, in elements of the IVL map (a byte map's
    /// bytes), before it is split into `element` and `byte`.
    pub offset: Option<u128>,
    /// `Some(k)`: the race is on byte `k` of `element` (a sub-element
    /// access).
    pub byte: Option<u128>,
    pub thread1: ThreadIds,
    pub thread2: ThreadIds,
    /// Which thread an assertion failed for (`{:thread t}`), if per thread.
    pub thread: Option<u8>,
    /// The checked access (thread 2), or the failing statement.
    pub location: Option<SourceLoc>,
    /// The checked access's or failing statement's span in the kernel IVL
    /// (`None` if synthesised).
    pub span: Option<ivl::Span>,
    /// Thread 1's logged access (races).
    pub logged_location: Option<SourceLoc>,
    pub logged_span: Option<ivl::Span>,
    /// The id of thread 1's logged access; `None` when the model's site
    /// ghost names no access (it was havocked at a loop head: the access
    /// happened in an earlier iteration, or anywhere before the loop).
    pub logged_site: Option<u32>,
    /// When the logged access is unknown (`logged_site` and
    /// `logged_location` both `None`): the distinct source positions of
    /// the program's accesses of that array and kind, one of which it was.
    pub logged_candidates: Vec<SourceLoc>,
}

fn str_arg(attrs: &[Attribute], name: &str) -> Option<String> {
    match find_attr(attrs, name)?.args.first()? {
        AttrArg::Str(s) => Some(s.clone()),
        _ => None,
    }
}

fn int_arg(attrs: &[Attribute], name: &str) -> Option<u128> {
    match find_attr(attrs, name)?.args.first()? {
        AttrArg::Expr(Expr {
            kind: ExprKind::Int(v) | ExprKind::Bv { value: v, .. },
            ..
        }) => Some(*v),
        _ => None,
    }
}

/// The defect a failing check stands for.
pub fn defect(
    two: &TwoThreadProgram,
    attrs: &[Attribute],
    span: ivl::Span,
    class: CheckClass,
    model: &dyn Fn(&str) -> Option<u128>,
) -> Defect {
    let ids = |t: u8| {
        let mut ids = ThreadIds::default();
        for (k, d) in names::DIMS.iter().enumerate() {
            let local = model(&names::of_thread(&names::local_id(d), t));
            let group = model(&names::builtin_of_thread(
                &names::group_id(d),
                t,
                two.only_intra_group,
            ));
            let size = model(&names::local_size(d));
            let offset = model(&names::global_offset(d));
            ids.local[k] = local;
            ids.group[k] = group;
            // The global id includes the global offset (OpenCL); a model
            // without it leaves the global id unknown here (the report
            // fills it from a launch whose offset is given).
            ids.global[k] = match (local, group, size, offset) {
                (Some(l), Some(g), Some(s), Some(o)) => Some((g * s + l + o) & 0xffff_ffff),
                _ => None,
            };
        }
        ids
    };
    let location = crate::product::source_loc(attrs);
    let thread = int_arg(attrs, "thread").map(|t| t as u8);
    let mut d = Defect {
        kind: DefectKind::Assertion,
        array: None,
        element: None,
        element_width: None,
        offset: None,
        byte: None,
        thread1: ids(1),
        thread2: ids(2),
        thread,
        location,
        span: (!span.is_dummy()).then_some(span),
        logged_location: None,
        logged_span: None,
        logged_site: None,
        logged_candidates: Vec::new(),
    };
    if let Some(race) = str_arg(attrs, "race") {
        let mut parts = race.split('-').filter_map(AccessKind::from_name);
        if let (Some(logged), Some(checked)) = (parts.next(), parts.next()) {
            d.kind = DefectKind::Race { logged, checked };
        }
        let array = str_arg(attrs, "array");
        if let Some(info) = array
            .as_ref()
            .and_then(|a| two.arrays.iter().find(|x| &x.ivl_name == a))
        {
            d.array = Some(info.source_name.clone());
            d.element_width = Some(info.elem_width);
        }
        if let Some(a) = &array {
            d.element = model(&names::Ghost::Watched.of_array(a));
            d.offset = d.element;
            if d.element_width == Some(8) {
                let n = element_bytes(two, a);
                if n > 1 {
                    d.byte = d.element.map(|e| e % n);
                    d.element = d.element.map(|e| e / n);
                }
            }
        }
        if let Some(site_var) = str_arg(attrs, "logged_site") {
            if let Some(site) =
                model(&site_var).and_then(|v| two.access_sites.iter().find(|s| s.id as u128 == v))
            {
                d.logged_location = site.source.clone();
                d.logged_span = (!site.span.is_dummy()).then_some(site.span);
                d.logged_site = Some(site.id);
            }
        }
        if d.logged_site.is_none() {
            if let (Some(a), DefectKind::Race { logged, .. }) = (&array, d.kind.clone()) {
                if let Some(site) = only_site(two, a, logged) {
                    d.logged_location = site.source.clone();
                    d.logged_span = (!site.span.is_dummy()).then_some(site.span);
                } else {
                    d.logged_candidates = site_positions(two, a, logged);
                }
            }
        }
        return d;
    }
    d.kind = if has_attr(attrs, "barrier_divergence") {
        DefectKind::BarrierDivergence
    } else if has_attr(attrs, kernel::NULL_CHECK_ATTR) {
        DefectKind::NullPointer
    } else if has_attr(attrs, kernel::UB_CHECK_ATTR) {
        DefectKind::UndefinedBehaviour
    } else if has_attr(attrs, kernel::COLLECTIVE_ATTR) {
        DefectKind::CollectiveDivergence
    } else if let Some(array) = str_arg(attrs, kernel::ARRAY_BOUNDS_ATTR) {
        d.array = Some(array);
        DefectKind::ArrayBounds
    } else {
        match class {
            CheckClass::Assertion => DefectKind::Assertion,
            CheckClass::InvariantEntry => DefectKind::InvariantEntry,
            CheckClass::InvariantMaintained => DefectKind::InvariantMaintained,
            CheckClass::Precondition => DefectKind::Precondition,
            CheckClass::Postcondition => DefectKind::Postcondition,
        }
    };
    d
}

/// The access thread 1 logged when the model's site ghost names none (it
/// was havocked at a loop head, e.g. under `--no-infer`): every logged
/// access of `kind` to `array` is one of the program's sites (of every
/// procedure), so if those sites share one source position the logged
/// access was there. `None` when they have several positions, or none.
fn only_site<'a>(
    two: &'a TwoThreadProgram,
    array: &str,
    kind: AccessKind,
) -> Option<&'a crate::AccessSite> {
    let mut sites = two
        .access_sites
        .iter()
        .filter(|s| s.array == array && s.kind == kind);
    let first = sites.next()?;
    first.source.as_ref()?;
    sites.all(|s| s.source == first.source).then_some(first)
}

/// The distinct source positions of the accesses of `kind` to `array`, in
/// program order (empty if any has none: the list would be incomplete).
fn site_positions(two: &TwoThreadProgram, array: &str, kind: AccessKind) -> Vec<SourceLoc> {
    let mut out: Vec<SourceLoc> = Vec::new();
    for s in two
        .access_sites
        .iter()
        .filter(|s| s.array == array && s.kind == kind)
    {
        let Some(source) = &s.source else {
            return Vec::new();
        };
        if !out.contains(source) {
            out.push(source.clone());
        }
    }
    out
}

/// The widest run of consecutive byte accesses to `array` from one source
/// position (see the module doc); 1 if none is wider.
fn element_bytes(two: &TwoThreadProgram, array: &str) -> u128 {
    let mut widest = 1u128;
    let mut run = 0u128;
    let mut previous: Option<&crate::AccessSite> = None;
    for site in two.access_sites.iter().filter(|s| s.array == array) {
        let continues = previous
            .is_some_and(|p| p.kind == site.kind && p.source.is_some() && p.source == site.source);
        run = if continues { run + 1 } else { 1 };
        if run.is_power_of_two() {
            widest = widest.max(run);
        }
        previous = Some(site);
    }
    widest
}
