//! `--time`: the per-stage wall times of each kernel as a small table on
//! stderr (the same figures are in the JSON output's `times`);
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
    let mut out = String::from("Times (ms):\n");
    let mut push_row = |cells: &[&str]| {
        let mut line = String::new();
        for (k, cell) in cells.iter().enumerate() {
            if k == 0 {
                line.push_str(&format!("  {cell:<w$}", w = width[0]));
            } else {
                line.push_str(&format!("  {cell:>w$}", w = width[k]));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    push_row(&header);
    for row in &rows {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        push_row(&cells);
    }
    out
}

/// `--time-as-csv=LABEL`: one line per result, `LABEL,file,kernel,verdict,`
/// then frontend, transform, VC generation, inference, solving and total
/// wall times in seconds (commas and quotes in names are quoted).
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
            "{},{},{},{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3}\n",
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
    }
    out
}
