// The Node example of docs/wasm.md runs and prints what its comment states.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, WASM_DIR } from "./helpers.mjs";

test("docs/wasm.md: the Node example", () => {
    const doc = readFileSync(path.join(ROOT, "docs", "wasm.md"), "utf8");
    const code = /```js\n(.*?)```/s.exec(doc)[1];
    const stated = /console\.log\(.*\);\s*\/\/ (.*)$/m.exec(code)[1].trim();
    const dir = mkdtempSync(path.join(tmpdir(), "stich-wasm-doc-"));
    try {
        const file = path.join(dir, "example.mjs");
        writeFileSync(file, code.replace('"./stich.mjs"', JSON.stringify(pathToFileURL(path.join(WASM_DIR, "stich.mjs")).href)));
        const out = execFileSync(process.execPath, [file], { encoding: "utf8" });
        assert.equal(out.trim(), stated);
    } finally {
        rmSync(dir, { recursive: true });
    }
});
