pub mod camera;
pub mod redraw;
