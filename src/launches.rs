//! `--launches=FILE`: verifying the kernel launches a host program made,
//! as `gpuverify record` wrote them (GPUVerify's intercepted-launch JSON,
//! docs/launch-recording.md).
//!
//! Consumes the record (a JSON array of launches, or one launch per line)
//! and the command line; numbers the distinct launches in order of first
//! appearance (launches equal in source, entry point, sizes, offset, build
//! options and argument values are verified once), and verifies each as
//! `FILE --kernel=ENTRY` with its own sizes: `--global_size` and
//! `--local_size` (a NULL local size is `*` in every dimension: the
//! runtime may pick any group size, so the proof is for all of them),
//! `--global_offset`, the scalar arguments' recorded values by parameter
//! position (`FrontendConfig::kernel_param_values`), and `-D`, `-I` and
//! `-cl-std=` from the build options. Every result's summary names its
//! launch; `--list-launches` lists them, `--verify-launch=N` keeps one.

use crate::cli::{Cli, Dims};
use crate::exit::Outcome;
use crate::outcome::{KernelResult, Language, TextOut};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One distinct recorded launch.
#[derive(Debug)]
pub struct RecordedLaunch {
    /// 1-based, in order of first appearance.
    pub number: usize,
    /// How many times the program made it.
    pub times: usize,
    pub language: String,
    pub kernel_file: Option<PathBuf>,
    /// Why the launch cannot be verified (no source was recorded).
    pub source_missing: Option<String>,
    pub entry_point: String,
    pub global_size: Vec<u64>,
    pub local_size: Option<Vec<u64>>,
    pub global_offset: Option<Vec<u64>>,
    /// With a NULL local size: the largest work-group size the device
    /// allowed for the kernel, when recorded.
    pub max_work_group_size: Option<u64>,
    pub compiler_flags: String,
    pub arguments: Vec<RecordedArg>,
}

/// A NULL local size is verified once per work-group size the runtime
/// may pick when there are at most this many; above, once with `*`.
pub const MAX_GROUP_SIZE_CHOICES: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedArg {
    Array {
        bytes: Option<u64>,
        local: bool,
    },
    Image,
    Sampler,
    /// The value when it fits 64 bits, and its text as recorded.
    Scalar {
        value: Option<u64>,
        text: String,
    },
    /// Never set by the program before the launch (or of an unknown kind).
    Unknown,
}

/// Loads the distinct launches of `path`.
pub fn load(path: &Path) -> Result<Vec<RecordedLaunch>, String> {
    let display = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{display}: error: cannot read the launch record: {e}"))?;
    let entries: Vec<Value> = match serde_json::from_str::<Value>(&text) {
        Ok(Value::Array(entries)) => entries,
        Ok(single @ Value::Object(_)) => vec![single],
        _ => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .enumerate()
            .map(|(k, line)| {
                serde_json::from_str(line).map_err(|e| {
                    format!(
                        "{display}:{}: error: not a launch record (a JSON array of launches, \
                         or one JSON launch per line): {e}",
                        k + 1
                    )
                })
            })
            .collect::<Result<_, _>>()?,
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let mut launches: Vec<RecordedLaunch> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for (k, entry) in entries.iter().enumerate() {
        let launch = parse_entry(entry, base)
            .map_err(|why| format!("{display}: error: launch {} of the file: {why}", k + 1))?;
        // Identity: everything but the API-call trail.
        let mut identity = entry.clone();
        if let Value::Object(map) = &mut identity {
            map.remove("host_api_calls");
        }
        let key = identity.to_string();
        match keys.iter().position(|k| *k == key) {
            Some(seen) => launches[seen].times += 1,
            None => {
                keys.push(key);
                launches.push(RecordedLaunch {
                    number: launches.len() + 1,
                    ..launch
                });
            }
        }
    }
    Ok(launches)
}

fn sizes(v: &Value, field: &str) -> Result<Option<Vec<u64>>, String> {
    match v.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) if (1..=3).contains(&items.len()) => items
            .iter()
            .map(|d| d.as_u64().ok_or(()))
            .collect::<Result<Vec<u64>, ()>>()
            .map(Some)
            .map_err(|()| format!("`{field}` must hold 1 to 3 non-negative integers")),
        Some(_) => Err(format!(
            "`{field}` must be a list of 1 to 3 non-negative integers"
        )),
    }
}

fn parse_entry(v: &Value, base: &Path) -> Result<RecordedLaunch, String> {
    let text = |field: &str| v.get(field).and_then(Value::as_str).map(str::to_string);
    let entry_point = text("entry_point").ok_or("no `entry_point` (the kernel's name)")?;
    let global_size = sizes(v, "global_size")?.ok_or("no `global_size`")?;
    let local_size = sizes(v, "local_size")?;
    let global_offset = sizes(v, "global_offset")?;
    for (field, dims) in [
        ("local_size", &local_size),
        ("global_offset", &global_offset),
    ] {
        if dims.as_ref().is_some_and(|d| d.len() != global_size.len()) {
            return Err(format!(
                "`{field}` and `global_size` have different dimensions"
            ));
        }
    }
    let compiler_flags = text("compiler_flags")
        .or_else(|| {
            v.get("host_api_calls")?
                .as_array()?
                .iter()
                .find_map(|c| c.get("compiler_flags")?.as_str().map(str::to_string))
        })
        .unwrap_or_default();
    let arguments = match v.get("kernel_arguments") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(args)) => args.iter().map(parse_arg).collect(),
        Some(_) => return Err("`kernel_arguments` must be a list".into()),
    };
    Ok(RecordedLaunch {
        number: 0,
        times: 1,
        language: text("language").unwrap_or_else(|| "OpenCL".into()),
        kernel_file: text("kernel_file").map(|f| base.join(f)),
        source_missing: text("source_missing"),
        entry_point,
        global_size,
        local_size,
        global_offset,
        max_work_group_size: v.get("max_work_group_size").and_then(Value::as_u64),
        compiler_flags,
        arguments,
    })
}

/// The work-group sizes a runtime may pick for a NULL local size: in
/// every dimension a divisor of the global size (uniform work-groups, as
/// OpenCL 1.x requires), all dimensions together at most the recorded
/// maximum work-group size. `None` when there are more than
/// [`MAX_GROUP_SIZE_CHOICES`] (or a global size is 0).
pub fn group_size_choices(global: &[u64], max: Option<u64>) -> Option<Vec<Vec<u64>>> {
    let divisors = |g: u64| -> Vec<u64> {
        let mut small = Vec::new();
        let mut large = Vec::new();
        let mut d = 1u64;
        while d * d <= g {
            if g % d == 0 {
                small.push(d);
                if d * d != g {
                    large.push(g / d);
                }
            }
            d += 1;
        }
        small.extend(large.into_iter().rev());
        small
    };
    let limit = max.unwrap_or(u64::MAX);
    let mut choices: Vec<Vec<u64>> = vec![Vec::new()];
    for &g in global {
        if g == 0 {
            return None;
        }
        let ds = divisors(g);
        let mut next = Vec::new();
        for prefix in &choices {
            let product: u64 = prefix.iter().product();
            for d in &ds {
                if product.saturating_mul(*d) <= limit {
                    let mut c = prefix.clone();
                    c.push(*d);
                    next.push(c);
                }
            }
            if next.len() > MAX_GROUP_SIZE_CHOICES {
                return None;
            }
        }
        choices = next;
    }
    (!choices.is_empty()).then_some(choices)
}

fn parse_arg(a: &Value) -> RecordedArg {
    match a.get("type").and_then(Value::as_str) {
        Some("array") => RecordedArg::Array {
            bytes: a.get("size").and_then(Value::as_u64),
            local: a.get("address_space").and_then(Value::as_str) == Some("local"),
        },
        Some("image") => RecordedArg::Image,
        Some("sampler") => RecordedArg::Sampler,
        Some("scalar") => {
            let text = match a.get("value") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            };
            let value = match text.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16).ok(),
                None => text.parse().ok(),
            };
            RecordedArg::Scalar { value, text }
        }
        _ => RecordedArg::Unknown,
    }
}

impl RecordedLaunch {
    /// `launch 3: group_sum, global [1024], local [64]`.
    pub fn label(&self) -> String {
        let list = |v: &[u64]| {
            let items: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("[{}]", items.join(","))
        };
        let local = self
            .local_size
            .as_deref()
            .map_or("NULL (any group size)".to_string(), list);
        let offset = match &self.global_offset {
            Some(o) if o.iter().any(|d| *d != 0) => format!(", offset {}", list(o)),
            _ => String::new(),
        };
        format!(
            "launch {}: {}, global {}, local {local}{offset}",
            self.number,
            self.entry_point,
            list(&self.global_size)
        )
    }

    /// The listing of `--list-launches`.
    pub fn describe(&self) -> String {
        let mut s = self.label();
        if self.times > 1 {
            s.push_str(&format!(" (made {} times)", self.times));
        }
        s.push('\n');
        let source = match (&self.kernel_file, &self.source_missing) {
            (Some(f), _) => f.display().to_string(),
            (None, Some(why)) => format!("none: {why}"),
            (None, None) => "none".into(),
        };
        s.push_str(&format!("  source: {source}\n"));
        if !self.compiler_flags.is_empty() {
            s.push_str(&format!("  build options: {}\n", self.compiler_flags));
        }
        let args: Vec<String> = self.arguments.iter().map(describe_arg).collect();
        if !args.is_empty() {
            s.push_str(&format!("  arguments: {}\n", args.join(", ")));
        }
        s
    }

    /// The command line that verifies this launch; `Err` says why it
    /// cannot be verified (with the outcome to report).
    pub fn command_line(
        &self,
        cli: &Cli,
        local_override: Option<&[u64]>,
    ) -> Result<(Cli, Vec<String>), (Outcome, String)> {
        if self.language != "OpenCL" {
            return Err((
                Outcome::Unsupported,
                format!(
                    "{}: language `{}`: only OpenCL launches can be verified from a record",
                    self.label(),
                    self.language
                ),
            ));
        }
        let Some(file) = &self.kernel_file else {
            let why = self
                .source_missing
                .clone()
                .unwrap_or_else(|| "no `kernel_file` was recorded".into());
            return Err((Outcome::Unsupported, format!("{}: {why}", self.label())));
        };
        let mut c = cli.clone();
        c.launches = None;
        c.list_launches = false;
        c.verify_launch = None;
        c.verify_all_intercepted = false;
        c.files = vec![file.clone()];
        c.kernels = vec![self.entry_point.clone()];
        c.opencl = true;
        c.cuda = false;
        let dims = self.global_size.len();
        c.global_size = Some(Dims(self.global_size.iter().map(|g| Some(*g)).collect()));
        c.local_size = Some(Dims(match local_override.or(self.local_size.as_deref()) {
            Some(local) => local.iter().map(|l| Some(*l)).collect(),
            None => vec![None; dims],
        }));
        c.num_groups = None;
        // A recorded NULL offset is the host's 0, not an assumption of ours
        // (the "assuming:" line lists the default offset only when no
        // launch gave one).
        c.global_offset = Some(match &self.global_offset {
            Some(o) => Dims(o.iter().map(|d| Some(*d)).collect()),
            None => Dims(vec![Some(0); dims]),
        });
        c.launch_param_values = vec![frontend::KernelValues {
            kernel: self.entry_point.clone(),
            values: self
                .arguments
                .iter()
                .map(|a| match a {
                    RecordedArg::Scalar { value, .. } => *value,
                    _ => None,
                })
                .collect(),
            images: Vec::new(),
        }];
        // Buffer and `__local` sizes bound the arrays under
        // --check-array-bounds (the kernel's own view of its arguments).
        c.launch_param_bytes = vec![frontend::KernelValues {
            kernel: self.entry_point.clone(),
            values: self
                .arguments
                .iter()
                .map(|a| match a {
                    RecordedArg::Array { bytes, .. } => *bytes,
                    _ => None,
                })
                .collect(),
            images: Vec::new(),
        }];
        let base = file.parent().unwrap_or(Path::new("."));
        let ignored = apply_build_options(&self.compiler_flags, base, &mut c);
        if let Err(err) = c.validate() {
            let message = err.render().to_string();
            let first = message.lines().next().unwrap_or("bad launch").to_string();
            return Err((Outcome::CommandLine, format!("{}: {first}", self.label())));
        }
        Ok((c, ignored))
    }
}

fn describe_arg(a: &RecordedArg) -> String {
    match a {
        RecordedArg::Array {
            bytes: Some(b),
            local: true,
        } => format!("__local {b} bytes"),
        RecordedArg::Array { bytes: None, .. } => "buffer".into(),
        RecordedArg::Array { bytes: Some(b), .. } => format!("buffer {b} bytes"),
        RecordedArg::Image => "image".into(),
        RecordedArg::Sampler => "sampler".into(),
        RecordedArg::Scalar { text, .. } => format!("scalar {text}"),
        RecordedArg::Unknown => "unset".into(),
    }
}

/// Folds the program's build options into `c`: `-D`, `-I` (relative
/// directories against `base`), `-cl-std=`. Returns the options ignored
/// (optimisation and warning options change no verdict; others are
/// named so the user can judge).
fn apply_build_options(options: &str, base: &Path, c: &mut Cli) -> Vec<String> {
    let mut ignored = Vec::new();
    let mut words = options.split_whitespace();
    while let Some(word) = words.next() {
        if let Some(rest) = word.strip_prefix("-D") {
            let define = if rest.is_empty() {
                words.next()
            } else {
                Some(rest)
            };
            c.defines.extend(define.map(str::to_string));
        } else if let Some(rest) = word.strip_prefix("-I") {
            let dir = if rest.is_empty() {
                words.next()
            } else {
                Some(rest)
            };
            c.include_dirs.extend(dir.map(|d| base.join(d)));
        } else if let Some(std) = word.strip_prefix("-cl-std=") {
            c.cl_std = if std.starts_with("CL1") {
                "CL1.2"
            } else {
                "CL2.0"
            }
            .into();
        } else if word == "-w"
            || word == "-Werror"
            || word.starts_with("-cl-")
            || word.starts_with("-O")
        {
            // Optimisation, math-mode and warning options: no verdict
            // depends on them (the verifier models exact semantics).
        } else {
            ignored.push(word.to_string());
        }
    }
    ignored
}

/// Runs `--launches=record`: the exit code of all the launches verified.
pub fn run(cli: &Cli, record: &Path) -> Outcome {
    let launches = match load(record) {
        Ok(launches) => launches,
        Err(message) => return command_line_error(cli, &message),
    };
    if cli.list_launches {
        for launch in &launches {
            print!("{}", launch.describe());
        }
        return Outcome::Verified;
    }
    let selected: Vec<&RecordedLaunch> = match cli.verify_launch {
        Some(n) => match launches.get(n as usize - 1) {
            Some(launch) => vec![launch],
            None => {
                return command_line_error(
                    cli,
                    &format!(
                        "{}: error: --verify-launch={n}: the record has {} distinct launches \
                         (see --list-launches)",
                        record.display(),
                        launches.len()
                    ),
                )
            }
        },
        None => launches.iter().collect(),
    };
    if selected.is_empty() {
        return command_line_error(
            cli,
            &format!("{}: error: the record holds no launch", record.display()),
        );
    }
    let started = Instant::now();
    let mut results = Vec::new();
    for launch in &selected {
        let start = Instant::now();
        let header = format!("{}\n", launch.label());
        if cli.json {
            eprint!("{header}");
        } else {
            print!("{header}");
        }
        let (path, mut kernel_results) = match &launch.local_size {
            Some(_) => {
                let (path, results, out) = verify(cli, launch, record, None);
                crate::batch::print_text(cli, &out);
                (path, results)
            }
            None => verify_every_group_size(cli, launch, record),
        };
        for r in &mut kernel_results {
            r.summary = format!("{}: {}", launch.label(), r.summary);
        }
        results.push((path, kernel_results, start.elapsed().as_secs_f64()));
    }
    crate::batch::finish(cli, &results, started, selected.len() > 1)
}

/// Verifies `launch` (with `local` as its local size when given): its
/// results and their text.
fn verify(
    cli: &Cli,
    launch: &RecordedLaunch,
    record: &Path,
    local: Option<&[u64]>,
) -> (PathBuf, Vec<KernelResult>, TextOut) {
    let mut out = TextOut::default();
    let ran = match launch.command_line(cli, local) {
        Ok((c, ignored)) => {
            for option in &ignored {
                out.stderr.push_str(&format!(
                    "{}: note: build option `{option}` ignored\n",
                    launch.label()
                ));
            }
            let path = c.files[0].clone();
            let r = crate::batch::run_one(&c, &path, &mut out);
            (path, r)
        }
        Err((outcome, message)) => {
            let display = launch
                .kernel_file
                .as_ref()
                .map_or_else(|| record.display().to_string(), |f| f.display().to_string());
            let r = KernelResult::failed(&display, Language::OpenCl, outcome, message);
            crate::kernel_report::render_result(&r, None, None, &mut out);
            (PathBuf::from(display), vec![r])
        }
    };
    (ran.0, ran.1, out)
}

/// A launch with a NULL local size: verified for every work-group size
/// the runtime may pick ([`group_size_choices`]), stopping at the first
/// that is not verified; with too many choices, once for any size (`*`).
fn verify_every_group_size(
    cli: &Cli,
    launch: &RecordedLaunch,
    record: &Path,
) -> (PathBuf, Vec<KernelResult>) {
    // OpenCL 2.0 and later allow non-uniform work-groups (any size, the
    // last group smaller) unless the program is built to forbid them.
    let flags = &launch.compiler_flags;
    let non_uniform = (flags.contains("-cl-std=CL2") || flags.contains("-cl-std=CL3"))
        && !flags.contains("-cl-uniform-work-group-size");
    let choices = match non_uniform {
        true => None,
        false => group_size_choices(&launch.global_size, launch.max_work_group_size),
    };
    let Some(choices) = choices else {
        let note = format!(
            "{}: note: more than {MAX_GROUP_SIZE_CHOICES} work-group sizes divide the global \
             size, or the program allows non-uniform work-groups (OpenCL 2.0 and later): \
             verifying for an unconstrained group size at once\n",
            launch.label()
        );
        if cli.json {
            eprint!("{note}");
        } else {
            print!("{note}");
        }
        let (path, results, out) = verify(cli, launch, record, None);
        crate::batch::print_text(cli, &out);
        return (path, results);
    };
    let list = |v: &[u64]| {
        let items: Vec<String> = v.iter().map(u64::to_string).collect();
        format!("[{}]", items.join(","))
    };
    let mut last = None;
    for local in &choices {
        let (path, mut results, out) = verify(cli, launch, record, Some(local));
        if !results.iter().all(|r| r.verdict == Outcome::Verified) {
            crate::batch::print_text(cli, &out);
            for r in &mut results {
                r.summary = format!("with local size {}: {}", list(local), r.summary);
            }
            return (path, results);
        }
        last = Some((path, results, out));
    }
    let (path, mut results, out) = last.expect("at least one group size");
    // The text of the last size (its "assuming" line names that size),
    // then the list of every size proved.
    crate::batch::print_text(cli, &out);
    let sizes: Vec<String> = choices.iter().map(|c| list(c)).collect();
    let line = format!(
        "Verified for each of the {} work-group sizes the runtime may pick: {}\n",
        choices.len(),
        sizes.join(" ")
    );
    if !cli.json && !cli.silent {
        print!("{line}");
    }
    for r in &mut results {
        r.summary = format!(
            "{} (for each of the {} work-group sizes dividing the global size)",
            r.summary,
            choices.len()
        );
    }
    (path, results)
}

fn command_line_error(cli: &Cli, message: &str) -> Outcome {
    if cli.json {
        println!(
            "{}",
            crate::json::render_error(message, Outcome::CommandLine)
        );
    } else {
        eprintln!("{message}");
    }
    Outcome::CommandLine
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_sizes_divide_the_global_size_within_the_device_maximum() {
        let sizes = group_size_choices(&[1024], None).unwrap();
        assert_eq!(sizes.len(), 11);
        assert_eq!(sizes.first().unwrap(), &[1]);
        assert_eq!(sizes.last().unwrap(), &[1024]);
        let bounded = group_size_choices(&[6, 4], Some(8)).unwrap();
        assert!(bounded
            .iter()
            .all(|s| s[0] * s[1] <= 8 && 6 % s[0] == 0 && 4 % s[1] == 0));
        assert!(bounded.contains(&vec![2, 4]) && !bounded.contains(&vec![3, 4]));
        assert_eq!(group_size_choices(&[0], None), None);
        // 720720 has 240 divisors: too many to enumerate.
        assert_eq!(group_size_choices(&[720_720], None), None);
    }

    #[test]
    fn build_options_become_flags_and_the_rest_is_named() {
        let mut cli = <Cli as clap::Parser>::parse_from(["gpuverify", "k.cl"]);
        let ignored = apply_build_options(
            "-D N=4 -DM -I inc -cl-std=CL2.0 -cl-mad-enable -O2 -Werror --weird",
            Path::new("/rec"),
            &mut cli,
        );
        assert_eq!(cli.defines, ["N=4", "M"]);
        assert_eq!(cli.include_dirs, [PathBuf::from("/rec/inc")]);
        assert_eq!(cli.cl_std, "CL2.0");
        assert_eq!(ignored, ["--weird"]);
    }

    #[test]
    fn equal_launches_are_counted_once() {
        let dir = std::env::temp_dir().join(format!("gpuverify-launches-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let record = dir.join("l.json");
        let launch = r#"{"kernel_file":"k.cl","entry_point":"k","global_size":[8],"local_size":[4],
            "kernel_arguments":[{"type":"scalar","value":"0x10"}],"host_api_calls":[]}"#;
        let other = launch.replace("0x10", "0x11");
        std::fs::write(&record, format!("[{launch},{launch},{other}]")).unwrap();
        let launches = load(&record).unwrap();
        assert_eq!(launches.len(), 2);
        assert_eq!(launches[0].times, 2);
        assert_eq!(
            launches[1].arguments,
            [RecordedArg::Scalar {
                value: Some(0x11),
                text: "0x11".into()
            }]
        );
        assert_eq!(launches[0].kernel_file, Some(dir.join("k.cl")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
