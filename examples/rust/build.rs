// Links the C ABI's shared library of the installed stich package: its folder on the library path
// and in the program's run path, so that the program runs without LD_LIBRARY_PATH.
use std::path::PathBuf;
use std::process::Command;

fn library() -> PathBuf {
    if let Ok(path) = std::env::var("STICH_C_LIBRARY") {
        return PathBuf::from(path);
    }
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let out = Command::new(&python)
        .args(["-m", "stich", "config", "--c-library"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {python} to find stich's C library: {e}; set PYTHON or STICH_C_LIBRARY"));
    if !out.status.success() {
        panic!("{python} -m stich config --c-library failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    PathBuf::from(String::from_utf8(out.stdout).expect("a path").trim())
}

fn main() {
    let lib = library();
    let dir = lib.parent().expect("the library's folder");
    println!("cargo:rerun-if-env-changed=STICH_C_LIBRARY");
    println!("cargo:rerun-if-env-changed=PYTHON");
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=stich_c");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
}
