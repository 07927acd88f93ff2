//! One test per semantic rule of the interpreter, on hand-written kernel IVL.

use simulate::{render_trace, AccessKind, Inputs, Launch, Outcome, SimOptions, SimReport};
use solver::value::Value;

const DECLS: &str = "
var {:group_shared} {:source_name \"A\"} {:elem_width 32} A: [bv32]bv32;
var {:global} {:source_name \"G\"} {:elem_width 32} G: [bv32]bv32;
var {:global} {:source_name \"C\"} {:elem_width 32} C: [bv32]bv32;
";

fn program(body: &str) -> ivl::Program {
    let text = format!(
        "{DECLS}\nprocedure {{:kernel}} k(n: bv32)\n  modifies A, G, C;\n{{\n  var x: bv32, i: bv32, r: bv32;\n{body}\n}}\n"
    );
    let program = ivl::parse(&ivl::SourceFile::new("t.ivl", text)).expect("test kernel parses");
    let errors = ivl::check(&program);
    assert!(errors.is_empty(), "{errors:?}");
    program
}

fn run_with(body: &str, launch: Launch, inputs: Inputs, options: SimOptions) -> SimReport {
    simulate::run(&program(body), "k", &launch, &inputs, &options).expect("runs")
}

fn run(body: &str) -> SimReport {
    run_with(
        body,
        Launch::linear(4, 2),
        Inputs::default(),
        SimOptions::default(),
    )
}

fn race_kind(r: &SimReport) -> (String, bool) {
    match &r.outcome {
        Outcome::Race { inter_group, .. } => (r.outcome.race_kind().unwrap(), *inter_group),
        other => panic!("expected a race, got {other:?}"),
    }
}

#[test]
fn write_write_race_on_shared_memory() {
    let r = run("A[bvudiv(local_id_x, 2bv32)] := local_id_x;");
    assert_eq!(race_kind(&r), ("write-write".into(), false));
    let Outcome::Race {
        later,
        earlier,
        index,
        ..
    } = &r.outcome
    else {
        unreachable!()
    };
    assert_eq!(
        (
            later.thread.local_linear,
            earlier.thread.local_linear,
            *index
        ),
        (1, 0, 0)
    );
}

#[test]
fn benign_write_write_is_tolerated_unless_disabled() {
    assert_eq!(run("A[0bv32] := 1bv32;").outcome, Outcome::NoDefect);
    let strict = SimOptions {
        benign_tolerance: false,
        ..SimOptions::default()
    };
    let r = run_with(
        "A[0bv32] := 1bv32;",
        Launch::linear(4, 1),
        Inputs::default(),
        strict,
    );
    assert_eq!(race_kind(&r).0, "write-write");
}

#[test]
fn write_read_and_read_write_races() {
    let r = run("x := A[local_id_x + 1bv32]; A[local_id_x] := x;");
    assert_eq!(race_kind(&r).0, "write-read");
    let r = run("A[local_id_x] := 7bv32; x := A[local_id_x + 1bv32];");
    assert_eq!(race_kind(&r).0, "read-write");
}

#[test]
fn barrier_orders_shared_accesses() {
    let body = "x := A[local_id_x + 1bv32]; call barrier(true, false); A[local_id_x] := x;";
    assert_eq!(run(body).outcome, Outcome::NoDefect);
}

#[test]
fn local_fence_does_not_order_global_memory() {
    let racy = "x := G[group_id_x * 4bv32 + local_id_x + 1bv32]; call barrier(true, false); G[group_id_x * 4bv32 + local_id_x] := x;";
    assert_eq!(race_kind(&run(racy)), ("write-read".into(), false));
    let fenced = "x := G[group_id_x * 4bv32 + local_id_x + 1bv32]; call barrier(false, true); G[group_id_x * 4bv32 + local_id_x] := x;";
    // Thread 3 of group 0 reads G[4], which group 1 writes: inter-group.
    assert_eq!(race_kind(&run(fenced)), ("write-read".into(), true));
    let own = "x := G[group_id_x * 8bv32 + local_id_x + 1bv32]; call barrier(false, true); G[group_id_x * 8bv32 + local_id_x] := x;";
    assert_eq!(run(own).outcome, Outcome::NoDefect);
}

#[test]
fn inter_group_races_ignore_barriers_and_shared_memory_is_per_group() {
    let r = run("G[local_id_x] := group_id_x; call barrier(true, true);");
    assert_eq!(race_kind(&r), ("write-write".into(), true));
    assert_eq!(
        run("A[local_id_x] := group_id_x;").outcome,
        Outcome::NoDefect
    );
}

#[test]
fn atomics_do_not_race_with_atomics_but_do_with_plain_accesses() {
    let atomic = "{:atomic \"add\"} r, C[0bv32] := C[0bv32], C[0bv32] + 1bv32;";
    assert_eq!(run(atomic).outcome, Outcome::NoDefect);
    let r = run(&format!("{atomic} x := C[0bv32];"));
    assert_eq!(race_kind(&r).0, "read-atomic");
    let Outcome::Race { later, earlier, .. } = &r.outcome else {
        unreachable!()
    };
    assert_eq!(
        (later.kind, earlier.kind),
        (AccessKind::Read, AccessKind::Atomic)
    );
}

#[test]
fn barrier_in_non_uniform_branch_diverges() {
    let r = run("if (local_id_x == 0bv32) { call barrier(true, false); }");
    let Outcome::BarrierDivergence {
        enabled, disabled, ..
    } = &r.outcome
    else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!((enabled.len(), disabled.len()), (1, 3));
    let uniform = "if (n == 0bv32) { call barrier(true, false); }";
    assert_eq!(run(uniform).outcome, Outcome::NoDefect);
}

#[test]
fn barrier_in_loop_with_thread_dependent_trip_count_diverges() {
    let body =
        "i := 0bv32; while (bvult(i, local_id_x)) { call barrier(true, false); i := i + 1bv32; }";
    assert!(matches!(
        run(body).outcome,
        Outcome::BarrierDivergence { .. }
    ));
}

#[test]
fn threads_reconverge_after_non_uniform_loops_and_early_exits() {
    let body = "i := 0bv32;
      while (bvult(i, local_id_x)) { if (i == 100bv32) { return; } i := i + 1bv32; }
      call barrier(true, true);
      A[local_id_x] := i;";
    assert_eq!(run(body).outcome, Outcome::NoDefect);
    let returns = "if (local_id_x == 1bv32) { return; } call barrier(true, true);";
    assert!(matches!(
        run(returns).outcome,
        Outcome::BarrierDivergence { .. }
    ));
}

/// Figure 2 of the paper: thread 0 runs 4 outer iterations of 1 inner
/// iteration, the others 1 outer iteration of 4 inner ones; predicated
/// execution reaches the barrier with thread 0 disabled.
#[test]
fn figure_2_litmus_shows_barrier_divergence() {
    let program_text = format!(
        "{DECLS}
procedure {{:kernel}} fig2()
  modifies A;
{{
  var buf: bv32, x: bv32, y: bv32, i: bv32, j: bv32, v: bv32;
  x := if local_id_x == 0bv32 then 4bv32 else 1bv32;
  y := if local_id_x == 0bv32 then 1bv32 else 4bv32;
  buf, i := 0bv32, 0bv32;
  while (bvslt(i, x)) {{
    j := 0bv32;
    while (bvslt(j, y)) {{
      call barrier(true, false);
      v := A[buf * 4bv32 + bvurem(local_id_x + 1bv32, 4bv32)];
      A[(1bv32 - buf) * 4bv32 + local_id_x] := v;
      buf := 1bv32 - buf;
      j := j + 1bv32;
    }}
    i := i + 1bv32;
  }}
}}
"
    );
    let program = ivl::parse(&ivl::SourceFile::new("fig2.ivl", program_text)).unwrap();
    assert!(ivl::check(&program).is_empty());
    let options = SimOptions {
        trace: true,
        ..SimOptions::default()
    };
    let r = simulate::run(
        &program,
        "fig2",
        &Launch::linear(4, 1),
        &Inputs::default(),
        &options,
    )
    .unwrap();
    let Outcome::BarrierDivergence {
        enabled, disabled, ..
    } = &r.outcome
    else {
        panic!("{:?}", r.outcome)
    };
    let ids = |v: &[simulate::ThreadId]| v.iter().map(|t| t.local_linear).collect::<Vec<_>>();
    assert_eq!((ids(enabled), ids(disabled)), (vec![1, 2, 3], vec![0]));
    let trace = render_trace(&r.trace);
    assert!(trace.contains("diverges"), "{trace}");
    assert!(trace.contains("barrier"), "{trace}");
}

#[test]
fn non_terminating_kernel_hits_the_step_limit() {
    let options = SimOptions {
        max_steps: 1000,
        ..SimOptions::default()
    };
    let r = run_with(
        "i := 0bv32; while (true) { i := i + 1bv32; }",
        Launch::linear(2, 1),
        Inputs::default(),
        options,
    );
    assert_eq!(r.outcome, Outcome::StepLimit { steps: 1000 });
    assert!(r.render().contains("step limit reached"));
}

#[test]
fn runs_are_deterministic_for_a_seed() {
    let body = "x := C[n]; G[group_id_x * 4bv32 + local_id_x] := x + n;";
    let options = |seed| SimOptions {
        seed,
        ..SimOptions::default()
    };
    let a = run_with(body, Launch::linear(4, 2), Inputs::default(), options(7));
    let b = run_with(body, Launch::linear(4, 2), Inputs::default(), options(7));
    assert_eq!(
        (a.outcome, a.scalars, a.steps),
        (b.outcome, b.scalars, b.steps)
    );
}

#[test]
fn assertions_assumptions_and_null_checks() {
    let r = run("assert {:user} local_id_x != 2bv32;");
    let Outcome::AssertionFailure { thread, .. } = r.outcome else {
        panic!()
    };
    assert_eq!(thread.local_linear, 2);
    let inputs = Inputs::default().with_scalar("n", Value::bv(4, 32));
    let r = run_with(
        "assume n == 5bv32;",
        Launch::linear(2, 1),
        inputs,
        SimOptions::default(),
    );
    assert!(matches!(r.outcome, Outcome::InfeasibleInputs { .. }));
    assert!(!r.outcome.is_defect());
    let r = run("assert {:null_check} local_id_x == 0bv32;");
    assert!(matches!(r.outcome, Outcome::NullPointer { .. }));
}

#[test]
fn two_thread_annotations_are_unsupported_and_enabled_is_true() {
    let p = program("assert __enabled();");
    let ok = simulate::run(
        &p,
        "k",
        &Launch::linear(2, 1),
        &Inputs::default(),
        &SimOptions::default(),
    );
    assert_eq!(ok.unwrap().outcome, Outcome::NoDefect);
    let p = program("assert __other_int(local_id_x) != local_id_x;");
    let err = simulate::run(
        &p,
        "k",
        &Launch::linear(2, 1),
        &Inputs::default(),
        &SimOptions::default(),
    );
    assert!(
        matches!(err, Err(simulate::SimError::Unsupported(_))),
        "{err:?}"
    );
}

#[test]
fn warp_synchronous_threads_are_ordered() {
    let body = "A[local_id_x] := 7bv32; x := A[local_id_x + 1bv32];";
    let warp = SimOptions {
        warp_size: Some(4),
        ..SimOptions::default()
    };
    let r = run_with(body, Launch::linear(4, 1), Inputs::default(), warp.clone());
    assert_eq!(r.outcome, Outcome::NoDefect);
    let r = run_with(body, Launch::linear(8, 1), Inputs::default(), warp);
    assert_eq!(race_kind(&r).0, "read-write");
}

#[test]
fn race_message_follows_design_format() {
    let text = format!(
        "{DECLS}
procedure {{:kernel}} k()
  modifies A;
{{
  {{:source \"kernel.cl\", 12, 5}} A[bvudiv(local_id_x, 2bv32)] := local_id_x;
}}
"
    );
    let program = ivl::parse(&ivl::SourceFile::new("k.ivl", text)).unwrap();
    let r = simulate::run(
        &program,
        "k",
        &Launch::linear(8, 1),
        &Inputs::default(),
        &SimOptions::default(),
    )
    .unwrap();
    assert_eq!(
        r.render(),
        "kernel.cl: error: possible write-write race on A[0]:\n\n\
         Write by work item 1 with local id 1 in work group 0, kernel.cl:12:5:\n\
         Write by work item 0 with local id 0 in work group 0, kernel.cl:12:5:\n"
    );
}

#[test]
fn warp_barriers_order_one_warp_and_diverge_when_a_lane_is_missing() {
    // Warps of 32 threads (no --warp-sync): a group of 64 is two warps.
    let own_warp = "A[local_id_x] := 1bv32; call warp_barrier(4294967295bv32); \
                    x := A[local_id_x ^ 1bv32];";
    let r = run_with(
        own_warp,
        Launch::linear(64, 1),
        Inputs::default(),
        SimOptions::default(),
    );
    assert_eq!(r.outcome, Outcome::NoDefect);
    // Reading across the warp boundary is not ordered by the warp barrier.
    let across = "A[local_id_x] := 1bv32; call warp_barrier(4294967295bv32); \
                  x := A[local_id_x ^ 32bv32];";
    let r = run_with(
        across,
        Launch::linear(64, 1),
        Inputs::default(),
        SimOptions::default(),
    );
    assert_eq!(race_kind(&r), ("read-write".into(), false));
    // A later write by a thread whose earlier write the barrier ordered is
    // still found by a warp-mate's read (the log keeps the newer entry).
    let again = "if (local_id_x == 1bv32) { A[5bv32] := 1bv32; } \
                 call warp_barrier(4294967295bv32); \
                 if (local_id_x == 1bv32) { A[5bv32] := 2bv32; } \
                 if (local_id_x == 2bv32) { x := A[5bv32]; }";
    let r = run_with(
        again,
        Launch::linear(32, 1),
        Inputs::default(),
        SimOptions::default(),
    );
    assert!(matches!(r.outcome, Outcome::Race { .. }), "{:?}", r.outcome);
    let diverge = "if (bvult(local_id_x, 16bv32)) { call warp_barrier(4294967295bv32); }";
    let r = run_with(
        diverge,
        Launch::linear(32, 1),
        Inputs::default(),
        SimOptions::default(),
    );
    let Outcome::BarrierDivergence {
        enabled, disabled, ..
    } = &r.outcome
    else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!((enabled.len(), disabled.len()), (16, 16));
}
