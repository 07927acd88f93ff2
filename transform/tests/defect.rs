//! From a failing race check back to the kernel: the checked and the logged
//! access are located by their IVL spans when there is no `{:source}`, an
//! unknown logged site stays unknown ("an earlier access") unless the
//! array has one site position of that kind, and a race on a
//! byte map written by wider accesses names the element and the byte.

use ivl::ast::{find_attr, Attribute, StmtKind};
use transform::{defect, two_thread, CheckClass, DefectKind, TransformConfig, TwoThreadProgram};

fn transformed(text: &str) -> (ivl::SourceFile, TwoThreadProgram) {
    let file = ivl::SourceFile::new("k.ivl", text);
    let program = ivl::parse(&file).expect("parses");
    assert!(ivl::check(&program).is_empty());
    let config = TransformConfig {
        local_size: [Some(8), Some(1), Some(1)],
        num_groups: [Some(1), Some(1), Some(1)],
        ..TransformConfig::default()
    };
    let two = two_thread(&program, "k", &config).expect("transforms");
    (file, two)
}

/// The `{:race}` asserts of the product: attributes and span.
fn race_checks(two: &TwoThreadProgram) -> Vec<(Vec<Attribute>, ivl::Span)> {
    let proc = two.program.procedure(&two.procedure).expect("product");
    let body = proc.body.as_ref().expect("body");
    body.blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .filter(|s| matches!(s.kind, StmtKind::Assert(_)) && find_attr(&s.attrs, "race").is_some())
        .map(|s| (s.attrs.clone(), s.span))
        .collect()
}

const NEIGHBOUR: &str = "var {:group_shared} {:source_name \"s\"} s: [bv32]bv32;
procedure {:kernel} k() modifies s; {
  var t: bv32;
  s[local_id_x] := 1bv32;
  t := s[local_id_x + 1bv32];
}";

#[test]
fn accesses_of_hand_written_ivl_are_located_by_span() {
    let (file, two) = transformed(NEIGHBOUR);
    let snippets: Vec<&str> = two
        .access_sites
        .iter()
        .map(|s| file.snippet(s.span))
        .collect();
    assert_eq!(
        snippets,
        ["s[local_id_x] := 1bv32;", "t := s[local_id_x + 1bv32];"]
    );
    let (attrs, span) = race_checks(&two)
        .into_iter()
        .find(|(a, _)| matches!(&find_attr(a, "race").unwrap().args[0], ivl::ast::AttrArg::Str(k) if k == "write-read"))
        .expect("a write-read check");
    let model = |name: &str| match name {
        "WRITE_SITE_s" => Some(1),
        "WATCHED_s" => Some(3),
        _ => None,
    };
    let d = defect(&two, &attrs, span, CheckClass::Assertion, &model);
    assert!(matches!(d.kind, DefectKind::Race { .. }));
    assert_eq!(d.location, None);
    assert_eq!(file.line_col(d.span.unwrap().start), (5, 3));
    assert_eq!(d.logged_site, Some(1));
    assert_eq!(file.line_col(d.logged_span.unwrap().start), (4, 3));
    assert_eq!(d.element, Some(3));
    assert_eq!(d.byte, None);
}

#[test]
fn a_logged_site_that_names_no_access_stays_unknown() {
    let (_, two) = transformed(NEIGHBOUR);
    let (attrs, span) = race_checks(&two).into_iter().next().expect("a check");
    // A site ghost havocked at a loop head can hold any value.
    let model = |name: &str| name.ends_with("_SITE_s").then_some(77);
    let d = defect(&two, &attrs, span, CheckClass::Assertion, &model);
    assert_eq!(d.logged_site, None);
    assert_eq!(d.logged_span, None);
    assert_eq!(d.logged_location, None);
}

#[test]
fn a_race_on_a_byte_of_a_wider_element_names_the_byte() {
    // One 4-byte store split into bytes (as the frontend lowers it), then a
    // byte store: the element is 4 bytes wide.
    let (_, two) = transformed(
        "var {:global} {:source_name \"w\"} {:elem_width 8} w: [bv32]bv8;
procedure {:kernel} k() modifies w; {
  var b: bv32;
  b := local_id_x * 4bv32;
  {:source \"k.cu\", 3, 1} w[b] := 0bv8;
  {:source \"k.cu\", 3, 1} w[b + 1bv32] := 0bv8;
  {:source \"k.cu\", 3, 1} w[b + 2bv32] := 0bv8;
  {:source \"k.cu\", 3, 1} w[b + 3bv32] := 0bv8;
  {:source \"k.cu\", 4, 1} w[b + 5bv32] := 7bv8;
}",
    );
    let (attrs, span) = race_checks(&two).into_iter().last().expect("a check");
    let model = |name: &str| match name {
        "WATCHED_w" => Some(13),
        "WRITE_SITE_w" => Some(2),
        _ => None,
    };
    let d = defect(&two, &attrs, span, CheckClass::Assertion, &model);
    assert_eq!((d.element, d.byte), (Some(3), Some(1)));
    assert_eq!(d.logged_location.map(|l| l.line), Some(3));
}

/// A kernel whose writes to `s` are at `lines` (one statement each).
fn writes_at(lines: &[u32]) -> TwoThreadProgram {
    let stmts: String = lines
        .iter()
        .map(|l| format!("  {{:source \"k.cl\", {l}, 3}} s[local_id_x + {l}bv32] := 1bv32;\n"))
        .collect();
    transformed(&format!(
        "var {{:group_shared}} {{:source_name \"s\"}} s: [bv32]bv32;
procedure {{:kernel}} k() modifies s; {{
{stmts}}}"
    ))
    .1
}

#[test]
fn an_unknown_logged_site_is_named_when_the_array_has_one_site_of_that_kind() {
    let two = writes_at(&[7]);
    let (attrs, span) = race_checks(&two).into_iter().next().expect("a check");
    let model = |name: &str| name.ends_with("_SITE_s").then_some(77);
    let d = defect(&two, &attrs, span, CheckClass::Assertion, &model);
    assert_eq!(d.logged_site, None);
    assert_eq!(d.logged_location.map(|l| (l.line, l.col)), Some((7, 3)));
}

#[test]
fn an_unknown_logged_site_among_several_positions_stays_unknown() {
    let two = writes_at(&[7, 9]);
    let (attrs, span) = race_checks(&two).into_iter().next().expect("a check");
    let model = |name: &str| name.ends_with("_SITE_s").then_some(77);
    let d = defect(&two, &attrs, span, CheckClass::Assertion, &model);
    assert_eq!(d.logged_location, None);
}
