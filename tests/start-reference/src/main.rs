//! A window with one static page, nothing else: what any Tauri app costs.

fn main() {
    tauri::Builder::default().run(tauri::generate_context!()).expect("the reference app runs");
}
