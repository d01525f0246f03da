pub mod frame_report;
pub mod screenshot;
