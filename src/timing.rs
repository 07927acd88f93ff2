//! `--time`: the per-stage wall times of each kernel as a small table on
//! stderr, each kernel's row followed by the times of the transform's
//! passes (the same figures are in the JSON output's `times`);
//! `--time-as-csv=LABEL`: the same figures as CSV lines on stdout.

use crate::outcome::KernelResult;

fn ms(seconds: f64) -> String {
    format!("{:.1}", seconds * 1e3)
}

/// One row per result: frontend, transform, VC generation, inference
/// (with its number of Houdini rounds), solving and total, in
/// milliseconds.
pub fn table(results: &[&KernelResult]) -> String {
    let header = [
        "kernel",
        "frontend",
        "transform",
        "vc",
        "inference",
        "rounds",
        "solving",
        "total",
    ];
    let rows: Vec<[String; 8]> = results
        .iter()
        .map(|r| {
            let t = &r.times;
            [
                r.title(),
                ms(t.frontend),
                ms(t.transform),
                ms(t.vc),
                ms(t.inference),
                t.inference_rounds.len().to_string(),
                ms(t.solving),
                ms(t.total),
            ]
        })
        .collect();
    let mut width = header.map(str::len);
    for row in &rows {
        for (k, cell) in row.iter().enumerate() {
            width[k] = width[k].max(cell.chars().count());
        }
    }
    let line = |cells: &[&str]| {
        let mut line = String::new();
        for (k, cell) in cells.iter().enumerate() {
            if k == 0 {
                line.push_str(&format!("  {cell:<w$}", w = width[0]));
            } else {
                line.push_str(&format!("  {cell:>w$}", w = width[k]));
            }
        }
        line.trim_end().to_string() + "\n"
    };
    let mut out = String::from("Times (ms):\n");
    out.push_str(&line(&header));
    for (row, r) in rows.iter().zip(results) {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        out.push_str(&line(&cells));
        if !r.times.transform_passes.is_empty() {
            out.push_str(&passes_line(r));
        }
    }
    out
}

/// `    transform passes: inline 0.1, arrays 0.0, ...` in milliseconds, in
/// the order the passes ran.
fn passes_line(r: &KernelResult) -> String {
    let passes: Vec<String> = r
        .times
        .transform_passes
        .iter()
        .map(|p| format!("{} {}", p.pass, ms(p.seconds)))
        .collect();
    format!("    transform passes: {}\n", passes.join(", "))
}

/// `--time-as-csv=LABEL`: one line per result, `LABEL,file,kernel,verdict,`
/// then frontend, transform, VC generation, inference, solving and total
/// wall times in seconds, then the time of each transform pass in the
/// order of `transform::Pass::ALL` (0 for a pass that did not run; commas
/// and quotes in names are quoted).
pub fn csv(label: &str, results: &[&KernelResult]) -> String {
    let field = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = String::new();
    for r in results {
        let t = &r.times;
        out.push_str(&format!(
            "{},{},{},{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3}",
            field(label),
            field(&r.file),
            field(r.kernel.as_deref().unwrap_or("")),
            r.verdict.name(),
            t.frontend,
            t.transform,
            t.vc,
            t.inference,
            t.solving,
            t.total
        ));
        for pass in transform::Pass::ALL {
            out.push_str(&format!(",{:.6}", t.pass(pass.name())));
        }
        out.push('\n');
    }
    out
}

/// The CSV columns of [`csv`], for documentation and tests.
pub fn csv_columns() -> Vec<String> {
    let mut columns: Vec<String> = [
        "label",
        "file",
        "kernel",
        "verdict",
        "frontend",
        "transform",
        "vc",
        "inference",
        "solving",
        "total",
    ]
    .map(str::to_string)
    .to_vec();
    columns.extend(
        transform::Pass::ALL
            .iter()
            .map(|p| format!("transform.{}", p.name())),
    );
    columns
}
