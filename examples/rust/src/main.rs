//! stich_rust_example GAME SEED ITERATIONS: the C example (examples/c/main.c) in Rust, through
//! plain `extern "C"` declarations of stich_c.h. A deal of GAME (default options) dealt from SEED
//! by seat 0, played to its end by ISMCTS bots (move k: ITERATIONS iterations, seed SEED + k, the
//! most visited action); one line a move ("seat: action (visits)"), then the returns.
use std::ffi::{c_char, c_double, c_int, c_void, CStr, CString};
use std::process::exit;

#[allow(non_camel_case_types)]
type stich_game = c_void;
#[allow(non_camel_case_types)]
type stich_state = c_void;
#[allow(non_camel_case_types)]
type stich_result = c_void;

const STICH_ABI_VERSION: c_int = 1;
const STICH_COLUMN_VISITS: c_int = 1;

extern "C" {
    fn stich_abi_version() -> c_int;
    fn stich_version() -> *const c_char;
    fn stich_last_error() -> *const c_char;
    fn stich_game_new(name: *const c_char, options: *const c_char, out: *mut *mut stich_game) -> c_int;
    fn stich_game_free(g: *mut stich_game);
    fn stich_deal(g: *const stich_game, seed: u64, dealer: c_int, out: *mut *mut stich_state) -> c_int;
    fn stich_state_free(s: *mut stich_state);
    fn stich_is_terminal(s: *const stich_state) -> c_int;
    fn stich_current_player(s: *const stich_state) -> c_int;
    fn stich_action_text(s: *const stich_state, id: i32, buf: *mut c_char, cap: c_int) -> c_int;
    fn stich_apply(s: *mut stich_state, id: i32) -> c_int;
    fn stich_returns(s: *const stich_state, out: *mut c_double, cap: c_int) -> c_int;
    fn stich_ismcts(s: *const stich_state, iterations: u64, seconds: c_double, threads: c_int, seed: u64,
                    ctl: *const c_void, out: *mut *mut stich_result) -> c_int;
    fn stich_result_free(r: *mut stich_result);
    fn stich_result_best(r: *const stich_result) -> c_int;
    fn stich_result_column(r: *const stich_result, column: c_int, out: *mut c_double, cap: c_int) -> c_int;
}

/// The status if it is no error (>= -1); else the library's message, and exit.
fn check(status: c_int, what: &str) -> c_int {
    if status < -1 {
        let message = unsafe { CStr::from_ptr(stich_last_error()) }.to_string_lossy();
        eprintln!("stich_rust_example: {what}: {message}");
        exit(1);
    }
    status
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: stich_rust_example GAME SEED ITERATIONS");
        exit(2);
    }
    let seed: u64 = args[2].parse().expect("SEED: a whole number");
    let iterations: u64 = args[3].parse().expect("ITERATIONS: a whole number");
    unsafe {
        if stich_abi_version() != STICH_ABI_VERSION {
            eprintln!("stich_rust_example: built for ABI {STICH_ABI_VERSION}, the library is {}", stich_abi_version());
            exit(1);
        }
        let name = CString::new(args[1].as_str()).expect("a game name without NUL");
        let none = CString::new("").unwrap();
        let mut game = std::ptr::null_mut();
        check(stich_game_new(name.as_ptr(), none.as_ptr(), &mut game), "stich_game_new");
        let mut state = std::ptr::null_mut();
        check(stich_deal(game, seed, 0, &mut state), "stich_deal");
        println!("stich {}: {} from seed {}", CStr::from_ptr(stich_version()).to_string_lossy(), args[1], seed);
        let mut k = 0u64;
        while check(stich_is_terminal(state), "stich_is_terminal") == 0 {
            let mut found = std::ptr::null_mut();
            check(stich_ismcts(state, iterations, 0.0, 1, seed + k, std::ptr::null(), &mut found), "stich_ismcts");
            let best = check(stich_result_best(found), "stich_result_best");
            let mut visits = 0.0;
            check(stich_result_column(found, STICH_COLUMN_VISITS, &mut visits, 1), "stich_result_column");
            let mut text = [0 as c_char; 64];
            check(stich_action_text(state, best, text.as_mut_ptr(), 64), "stich_action_text");
            let seat = check(stich_current_player(state), "stich_current_player");
            println!("{seat}: {} ({visits})", CStr::from_ptr(text.as_ptr()).to_string_lossy());
            check(stich_apply(state, best), "stich_apply");
            stich_result_free(found);
            k += 1;
        }
        let mut returns = [0.0f64; 6];
        let seats = check(stich_returns(state, returns.as_mut_ptr(), 6), "stich_returns") as usize;
        let line: Vec<String> = returns[..seats].iter().map(|r| format!("{r}")).collect();
        println!("returns: {}", line.join(" "));
        stich_state_free(state);
        stich_game_free(game);
    }
}
