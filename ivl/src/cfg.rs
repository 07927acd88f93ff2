//! Control-flow graphs of procedure bodies. (Being written.)
