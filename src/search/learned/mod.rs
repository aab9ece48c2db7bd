//! The learned evaluation: a small network that scores a position for the
//! side to move, trained on the engines' own games (`quoridor selfplay`,
//! `quoridor train`). This module holds what the engines need and nothing of
//! the trainer: the inputs ([`features`]) and, later, the forward pass.

mod features;

pub use features::{
    active_features, encodes, ActiveFeatures, DISTANCE_CAP, HORIZONTAL_WALLS, INPUTS, MAX_ACTIVE,
    MY_DISTANCE, MY_PAWN, MY_STOCK, RACE, RACE_CAP, SIZE, SLOTS, SQUARES, THEIR_DISTANCE,
    THEIR_PAWN, THEIR_STOCK, VERTICAL_WALLS, WALLS,
};
