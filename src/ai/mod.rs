pub mod computer;
pub mod hints;
