//! A Windows executable carries the game's icon and version, so Explorer, the taskbar and
//! shortcuts show them before the window opens (the window sets its own icon at run time on every
//! system). The target is read from Cargo's `CARGO_CFG_TARGET_OS`, not from `cfg!(windows)`, which
//! in a build script is the host's: a Windows executable built on Linux (mingw-w64's `windres`)
//! carries the icon as one built on Windows does.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon/reversi.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource.set_icon("assets/icon/reversi.ico");
    resource.set("FileDescription", "Reversi 3D");
    resource.set("ProductName", "Reversi 3D");
    if let Err(error) = resource.compile() {
        println!("cargo:warning=the icon was not embedded in the executable: {error}");
    }
}
