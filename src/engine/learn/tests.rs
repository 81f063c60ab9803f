//! Tables of demonstrations and the rules they should teach.

mod ending;
mod induce;
mod moves;
mod step;
mod support;
