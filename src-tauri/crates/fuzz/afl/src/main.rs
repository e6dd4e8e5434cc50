//! One of the fuzz targets of `fuzz` under AFL++, named by the first
//! argument: `fuzz-afl <target>` reads inputs as `afl-fuzz` hands them.

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(target) = fuzz::target(&name) else {
        let names: Vec<&str> = fuzz::TARGETS.iter().map(|(n, _)| *n).collect();
        eprintln!("usage: fuzz-afl <target>; targets: {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| target(data));
}
