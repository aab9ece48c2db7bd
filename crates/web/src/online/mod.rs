//! Play a friend in the page: the server's API ([`api`]), the live
//! connection ([`connection`]), the form in New game ([`play_friend`]) and
//! the panel of a game under way ([`panel`]).

pub mod api;
pub mod connection;
mod json;
pub mod panel;
pub mod play_friend;
