// Runs a program built for wasm32-wasip1 in Node, with the working folder
// readable: node scripts/wasi.mjs PROGRAM.wasm ARG...
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: 'preview1',
  args: ['tablecraft', ...args],
  env: {},
  preopens: { '.': process.cwd() },
});
const program = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(program, wasi.getImportObject());
process.exitCode = wasi.start(instance);
