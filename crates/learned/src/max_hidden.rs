//! The widest hidden layer a network may have, shared by the float forward
//! pass ([`crate::network`]), which also refuses weight files with wider
//! layers, and the integer ones ([`crate::quantized`],
//! [`crate::fast_priors`]): each keeps its activations in arrays of this
//! length on the stack.

/// The widest hidden layer a weight file may have (the forward pass keeps
/// its activations on the stack).
pub const MAX_HIDDEN: usize = 256;
