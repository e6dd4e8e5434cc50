//! The app's native menu bar, from the keyboard, as a person can use it
//! without a mouse (GTK's menus are out of WebDriver's reach).

/// Picks an item of the menu bar: F10 opens the first menu, Right moves
/// `menu` menus on, Down `item` items down (separators are skipped).
pub fn pick(menu: usize, item: usize) {
    let mut keys = vec!["F10".to_string()];
    keys.extend(std::iter::repeat_n("Right".to_string(), menu));
    keys.extend(std::iter::repeat_n("Down".to_string(), item));
    keys.push("Return".to_string());
    let done = std::process::Command::new("xdotool").arg("key").args(&keys).status().unwrap();
    assert!(done.success());
}
