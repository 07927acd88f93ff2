//! Errors of the transform (exit code 5 class): every one names what the
//! transform cannot model, with an IVL span where there is one.

use ivl::Span;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum TransformError {
    #[error("no kernel procedure named `{0}`")]
    #[diagnostic(code(transform::no_kernel))]
    NoKernel(String),

    #[error("kernel `{kernel}` has irreducible control flow: {message}")]
    #[diagnostic(code(transform::irreducible))]
    Irreducible {
        kernel: String,
        message: String,
        span: Span,
    },

    #[error(
        "array `{array}` is accessed atomically, so it cannot use the equality abstraction \
         (use --abstraction=auto or --abstraction=adversarial)"
    )]
    #[diagnostic(code(transform::equality_with_atomics))]
    EqualityWithAtomics { array: String, span: Span },

    #[error("recursive procedures cannot be inlined: {}", cycle.join(" -> "))]
    #[diagnostic(code(transform::recursion))]
    Recursion { cycle: Vec<String> },

    #[error("unsupported: {message}")]
    #[diagnostic(code(transform::unsupported))]
    Unsupported { message: String, span: Span },

    #[error("the launch does not fit 32-bit ids: {0}")]
    #[diagnostic(code(transform::launch_too_large))]
    LaunchTooLarge(crate::config::LaunchTooLarge),

    #[error("internal error in the transform: {message}")]
    #[diagnostic(code(transform::internal))]
    Internal { message: String },
}

impl TransformError {
    pub fn unsupported(message: impl Into<String>, span: Span) -> TransformError {
        TransformError::Unsupported {
            message: message.into(),
            span,
        }
    }

    pub fn internal(message: impl Into<String>) -> TransformError {
        TransformError::Internal {
            message: message.into(),
        }
    }

    /// Where in the kernel IVL the problem is, if known.
    pub fn span(&self) -> Option<Span> {
        match self {
            TransformError::Irreducible { span, .. }
            | TransformError::EqualityWithAtomics { span, .. }
            | TransformError::Unsupported { span, .. } => Some(*span),
            _ => None,
        }
    }
}

impl From<ivl::inline::InlineError> for TransformError {
    fn from(e: ivl::inline::InlineError) -> TransformError {
        match e {
            ivl::inline::InlineError::Recursion { cycle } => TransformError::Recursion { cycle },
            ivl::inline::InlineError::IllFormed { message, .. } => {
                TransformError::internal(message)
            }
        }
    }
}
