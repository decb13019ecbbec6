//! `muster`: with no arguments, the window; otherwise the command line.

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if muster::cli::wants_window(&args) {
        return match muster::shell::run() {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("muster: could not open the window: {e}");
                std::process::ExitCode::from(2)
            }
        };
    }
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let code = muster::cli::run(&args, &mut stdout, &mut stderr);
    std::process::ExitCode::from(code)
}
