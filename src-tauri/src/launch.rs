//! What a start's command line may ask for. `--data-dir DIR` (a run's own
//! accounts, demo data and log) and `--demo` (open the demo workspace) are
//! for development and the tests. A `campaign-desk://` link the OS starts
//! the app with is an argument too, written by whoever sent the link: on
//! Windows, a badly quoted one (`campaign-desk://list/1" --data-dir
//! "\\host\share`) splits into arguments of its own and would point the
//! app's data and log at a network share. So a release build started by a
//! link takes neither option; it only opens the link's screen.

use std::path::PathBuf;

/// A release build: started by a link, it takes no option.
const RELEASE: bool = !cfg!(debug_assertions);

/// Whether a start with `args` (the program first, as the OS passes them)
/// takes `--data-dir` and `--demo`: a debug build always (the end-to-end
/// tests start it with a link beside its own data directory); a release
/// build only when no argument is a link.
fn takes_options<S: AsRef<str>>(args: &[S], release: bool) -> bool {
    !release || !args.iter().any(|a| desk::arrivals::is_link(a.as_ref()))
}

/// `--data-dir PATH`, when the start takes it.
fn data_dir_in<S: AsRef<str>>(args: &[S], release: bool) -> Option<PathBuf> {
    if !takes_options(args, release) {
        return None;
    }
    let mut after = args.iter().map(AsRef::as_ref).skip_while(|a| *a != "--data-dir").skip(1);
    after.next().map(PathBuf::from)
}

/// `--demo`, when the start takes it.
fn demo_in<S: AsRef<str>>(args: &[S], release: bool) -> bool {
    takes_options(args, release) && args.iter().any(|a| a.as_ref() == "--demo")
}

fn arguments() -> Vec<String> {
    std::env::args().collect()
}

/// `--data-dir PATH` gives a run its own accounts file, demo data and log
/// (the end-to-end tests use it); otherwise the platform's folders.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_in(&arguments(), RELEASE)
}

/// `--demo` opens the demo workspace at start.
pub fn demo() -> bool {
    demo_in(&arguments(), RELEASE)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BY_HAND: [&str; 4] = ["campaign-desk", "--data-dir", "/tmp/run", "--demo"];

    #[test]
    fn a_start_by_hand_takes_its_options_in_every_build() {
        for release in [false, true] {
            assert_eq!(data_dir_in(&BY_HAND, release), Some(PathBuf::from("/tmp/run")));
            assert!(demo_in(&BY_HAND, release));
        }
        assert_eq!(data_dir_in(&["campaign-desk", "--demo"], true), None);
        assert_eq!(data_dir_in(&["campaign-desk", "--data-dir"], true), None, "a name without its folder");
        assert!(!demo_in(&["campaign-desk"], true));
    }

    #[test]
    fn a_release_build_started_by_a_link_takes_no_option() {
        let split = ["campaign-desk.exe", "campaign-desk://list/1", "--data-dir", r"\\host\share", "--demo"];
        assert_eq!(data_dir_in(&split, true), None);
        assert!(!demo_in(&split, true));
        let upper = ["campaign-desk", "--data-dir", "/tmp/x", "CAMPAIGN-DESK://report/3"];
        assert_eq!(data_dir_in(&upper, true), None, "a scheme in capitals is a link too");
        let refused = ["campaign-desk", "campaign-desk://nowhere", "--demo"];
        assert!(!demo_in(&refused, true), "a link that opens nothing is still a link");
    }

    #[test]
    fn a_debug_build_started_by_a_link_keeps_its_options_for_the_tests() {
        let test = ["campaign-desk", "--data-dir", "/tmp/e2e", "campaign-desk://report/3"];
        assert_eq!(data_dir_in(&test, false), Some(PathBuf::from("/tmp/e2e")));
        assert!(demo_in(&["campaign-desk", "campaign-desk://list/1", "--demo"], false));
    }
}
