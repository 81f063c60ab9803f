//! Tables of demonstrations and the rules they should teach.

mod induce;
mod step;
mod support;
