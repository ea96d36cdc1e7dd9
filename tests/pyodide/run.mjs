#!/usr/bin/env node
// Run Python inside Pyodide (the browser's Python 3.14) under Node, with our py/ sources.
//
//   node tests/pyodide/run.mjs [options] FILE.py [ARGS...]
//   node tests/pyodide/run.mjs [options] -c "print('hello')" [ARGS...]
//   node tests/pyodide/run.mjs [options] -            (the program from stdin)
//
// Options:
//   --copy HOST=DEST   copy a host folder's files into Pyodide's file system (repeatable;
//                      DEST relative to /home/pyodide). Default: py=. (py/X -> X, as the
//                      page's pyscript.toml maps it), so `import cakegame` works.
//   --no-default-copy  do not copy py/.
//   --env NAME=VALUE   an environment variable for Python, set before it starts
//                      (repeatable; e.g. PYTHONNODEBUGRANGES=1)
//
// The working directory is /home/pyodide (first on sys.path), as in the page. FILE.py is
// read from the host and run as __main__. stdout and stderr pass through unchanged. Exit
// status: 0, or 1 after a Python traceback, or the code given to sys.exit().
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const INDEX = join(ROOT, "node_modules", "pyodide");
const HOME = "/home/pyodide";

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\n` +
    "usage: node tests/pyodide/run.mjs [--copy HOST=DEST] (FILE.py | -c CODE | -) [ARGS...]\n");
  process.exit(2);
}

const argv = process.argv.slice(2);
const copies = [];
const env = {};
let defaultCopy = true;
let code = null;
let filename = null;
while (argv.length) {
  const arg = argv.shift();
  if (arg === "--copy") {
    const spec = argv.shift() || usage("--copy needs HOST=DEST");
    const at = spec.indexOf("=");
    if (at < 1) usage("--copy needs HOST=DEST");
    copies.push([resolve(spec.slice(0, at)), spec.slice(at + 1)]);
  } else if (arg === "--env") {
    const spec = argv.shift() || usage("--env needs NAME=VALUE");
    const at = spec.indexOf("=");
    if (at < 1) usage("--env needs NAME=VALUE");
    env[spec.slice(0, at)] = spec.slice(at + 1);
  } else if (arg === "--no-default-copy") {
    defaultCopy = false;
  } else if (arg === "-c") {
    code = argv.shift();
    if (code === undefined) usage("-c needs the code");
    filename = "<string>";
    break;
  } else if (arg === "-") {
    code = readFileSync(0, "utf8");
    filename = "<stdin>";
    break;
  } else if (arg.startsWith("--")) {
    usage(`unknown option ${arg}`);
  } else {
    filename = resolve(arg);
    code = readFileSync(filename, "utf8");
    break;
  }
}
if (code === null) usage("nothing to run");
if (defaultCopy) copies.unshift([join(ROOT, "py"), "."]);

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    if (name === "__pycache__" || name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

const { loadPyodide } = await import(join(INDEX, "pyodide.mjs"));
const write = (stream) => ({
  write: (buffer) => {
    stream.write(buffer);
    return buffer.length;
  },
});
const pyodide = await loadPyodide({
  indexURL: INDEX + "/",
  env: { HOME, ...env },
  stdout: undefined,
  stderr: undefined,
});
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));

const FS = pyodide.FS;
for (const [host, dest] of copies) {
  for (const path of walk(host)) {
    const target = join(HOME, dest, relative(host, path));
    FS.mkdirTree(dirname(target));
    FS.writeFile(target, readFileSync(path));
  }
}

pyodide.globals.set("__run_code", code);
pyodide.globals.set("__run_name", filename);
pyodide.globals.set("__run_args", pyodide.toPy([filename, ...argv]));
const status = await pyodide.runPythonAsync(`
def __run():
    import os, sys, traceback
    os.chdir("${HOME}")
    if sys.path[0] != "${HOME}":
        sys.path.insert(0, "${HOME}")
    sys.argv = list(__run_args)
    sys.dont_write_bytecode = True
    namespace = {"__name__": "__main__", "__file__": __run_name, "__builtins__": __builtins__}
    try:
        exec(compile(__run_code, __run_name, "exec"), namespace)
    except SystemExit as stop:
        if stop.code is None:
            return 0
        if isinstance(stop.code, int):
            return stop.code
        print(stop.code, file=sys.stderr)
        return 1
    except BaseException as error:
        # Leave out this wrapper's own frame.
        traceback.print_exception(type(error), error, error.__traceback__.tb_next)
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0
__run()
`);
process.exitCode = Number(status);
