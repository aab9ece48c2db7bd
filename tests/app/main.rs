//! The applications' crate as a whole: the docs' links and command
//! examples, the page model's layer, and the solver on small boards.

mod docs_examples;
mod docs_links;
mod layers;
mod solve_small;
