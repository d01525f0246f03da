//! On Windows the executable carries the game's icon, so Explorer, the taskbar and shortcuts show
//! it before the window opens (the window sets its own icon at run time on every system).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon/reversi.ico");
    #[cfg(windows)]
    {
        let mut resource = winresource::WindowsResource::new();
        resource.set_icon("assets/icon/reversi.ico");
        if let Err(error) = resource.compile() {
            println!("cargo:warning=the icon was not embedded in the executable: {error}");
        }
    }
}
