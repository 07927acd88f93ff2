//! Development aid: how much `transform::slice` removes from a kernel.
//! Usage: cargo run --release -p transform --example slice_stats FILE.ivl PROCEDURE
#![allow(clippy::print_stdout, clippy::print_stderr)]
use ivl::ast::StmtKind;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("readable IVL");
    let file = ivl::span::SourceFile::new(args[1].clone(), text);
    let program = ivl::syntax::parse(&file).expect("parses");
    let t = Instant::now();
    let inlined = ivl::inline::inline(&program).expect("inlines");
    eprintln!("inline: {:?}", t.elapsed());
    let count = |p: &ivl::ast::Program| {
        let body = p
            .procedure(&args[2])
            .and_then(|p| p.body.as_ref())
            .expect("body");
        let stmts: Vec<_> = body.blocks.iter().flat_map(|b| &b.stmts).collect();
        let havocs = stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Havoc(_)))
            .count();
        let assigns = stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Assign { .. }))
            .count();
        (
            stmts.len(),
            assigns,
            havocs,
            body.blocks.len(),
            body.locals.len(),
        )
    };
    eprintln!(
        "inlined: (stmts, assigns, havocs, blocks, locals) = {:?}",
        count(&inlined)
    );
    let t = Instant::now();
    let sliced = transform::slice::slice(&inlined, &args[2], true);
    eprintln!("slice: {:?}", t.elapsed());
    let t = Instant::now();
    let cut = transform::slice::slice_with(
        &inlined,
        &args[2],
        transform::slice::SliceOptions {
            drop_written_values: true,
            cut_read_only_reads: true,
        },
    );
    eprintln!("cut slice: {:?}", t.elapsed());
    if let Some(c) = &cut {
        eprintln!("cut: {:?}", count(c));
        if let Some(out) = args.get(4) {
            std::fs::write(out, format!("{c}")).expect("writable");
        }
    }
    match sliced {
        Some(s) => {
            eprintln!("sliced: {:?}", count(&s));
            if let Some(out) = args.get(3) {
                std::fs::write(out, format!("{s}")).expect("writable");
            }
        }
        None => eprintln!("nothing sliced"),
    }
}
