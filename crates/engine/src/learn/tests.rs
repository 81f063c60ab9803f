//! Tables of demonstrations and the rules they should teach.

mod dice;
mod ending;
mod file;
mod induce;
mod moves;
mod shapes;
mod step;
mod support;
