//! The web app's entry point. Trunk builds it for wasm32; on any other target
//! it only says where the app runs.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(tablecraft::ui::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!("Tablecraft runs in the browser: start it with `bash scripts/serve.sh`.");
}
