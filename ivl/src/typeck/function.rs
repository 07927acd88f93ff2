//! Functions and axioms.
//!
//! Checks:
//! - function parameters: widths, no duplicate names;
//! - a defined function's body has the declared result type, reads only
//!   its parameters, constants and functions, and has no `old`;
//! - defined functions are not recursive, directly or mutually: each
//!   strongly connected component of the call graph that contains a cycle
//!   is reported once, at the member declared first, naming one cycle;
//! - axioms are bool, read no global variables and have no `old`.

use super::env::{function_locals, Env, Globals, Locals, Position};
use super::expr::Infer;
use super::{codes, Diagnostic};
use crate::ast::{Expr, ExprKind, Function, Program, Type};
use std::collections::HashMap;

pub(crate) fn check_functions_and_axioms(
    program: &Program,
    globals: &Globals<'_>,
    diags: &mut Vec<Diagnostic>,
) {
    for function in program.functions() {
        let locals = function_locals(globals, function, diags);
        if let Some(body) = &function.body {
            let env = Env {
                globals,
                locals: &locals,
                position: Position::FunctionBody,
            };
            Infer::new(&env, diags).expect(body, &function.ret);
        }
    }
    let no_locals = Locals::new();
    let env = Env {
        globals,
        locals: &no_locals,
        position: Position::Axiom,
    };
    for axiom in program.axioms() {
        Infer::new(&env, diags).expect(&axiom.expr, &Type::Bool);
    }
    check_recursion(program, globals, diags);
}

/// Reports every cycle among defined functions (Tarjan's algorithm over
/// nodes in declaration order, so the output is deterministic).
fn check_recursion(program: &Program, globals: &Globals<'_>, diags: &mut Vec<Diagnostic>) {
    // Only the declaration that owns its name takes part; duplicates are
    // reported elsewhere.
    let defined: Vec<&Function> = program
        .functions()
        .filter(|f| f.body.is_some())
        .filter(|f| {
            globals
                .functions
                .get(f.name.name.as_str())
                .is_some_and(|g| std::ptr::eq(*g, *f))
        })
        .collect();
    let index: HashMap<&str, usize> = defined
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.name.as_str(), i))
        .collect();
    let edges: Vec<Vec<usize>> = defined
        .iter()
        .map(|f| {
            let mut callees = Vec::new();
            if let Some(body) = &f.body {
                applications(body, &mut |name| {
                    if let Some(&j) = index.get(name) {
                        if !callees.contains(&j) {
                            callees.push(j);
                        }
                    }
                });
            }
            callees
        })
        .collect();
    for component in strongly_connected_components(&edges) {
        let first = *component.iter().min().expect("components are non-empty");
        let cyclic = component.len() > 1 || edges[first].contains(&first);
        if !cyclic {
            continue;
        }
        let cycle = cycle_through(first, &component, &edges);
        let path: Vec<&str> = cycle
            .iter()
            .map(|&i| defined[i].name.name.as_str())
            .collect();
        let function = &defined[first].name;
        diags.push(
            Diagnostic::new(
                codes::RECURSION,
                format!("function `{function}` is recursive: {}", path.join(" -> ")),
                function.span,
            )
            .with_label("recursive function")
            .with_help(format!(
                "defined functions must not be recursive; declare `{function}` without a body and describe it with axioms"
            )),
        );
    }
}

/// Calls `visit` with the name of every function applied in `expr`.
fn applications<'e>(expr: &'e Expr, visit: &mut impl FnMut(&'e str)) {
    crate::visit::walk_expr(expr, &mut |e| {
        if let ExprKind::Apply(name, _) = &e.kind {
            visit(name);
        }
    });
}

/// Tarjan's strongly connected components, recursive (call graphs of
/// defined functions are small).
fn strongly_connected_components(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'g> {
        edges: &'g [Vec<usize>],
        index: Vec<Option<usize>>,
        lowlink: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        components: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.next);
        s.lowlink[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &s.edges[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.lowlink[v] = s.lowlink[v].min(s.lowlink[w]);
                }
                Some(w_index) if s.on_stack[w] => s.lowlink[v] = s.lowlink[v].min(w_index),
                Some(_) => {}
            }
        }
        if Some(s.lowlink[v]) == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.components.push(component);
        }
    }
    let n = edges.len();
    let mut state = State {
        edges,
        index: vec![None; n],
        lowlink: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        components: Vec::new(),
    };
    for v in 0..n {
        if state.index[v].is_none() {
            visit(&mut state, v);
        }
    }
    state.components.sort_by_key(|c| c.iter().min().copied());
    state.components
}

/// A shortest cycle `start -> ... -> start` inside `component`
/// (breadth-first, neighbours in call order).
fn cycle_through(start: usize, component: &[usize], edges: &[Vec<usize>]) -> Vec<usize> {
    let mut parent: HashMap<usize, usize> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &edges[v] {
            if w == start {
                let mut path = vec![v];
                let mut at = v;
                while at != start {
                    at = parent[&at];
                    path.push(at);
                }
                path.reverse();
                path.push(start);
                return path;
            }
            if component.contains(&w) && !parent.contains_key(&w) {
                parent.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    vec![start, start]
}
