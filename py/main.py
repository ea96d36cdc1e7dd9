"""The page's Python entry point: start the game UI (py/ui/app.py).

Kept tiny on purpose: PyScript runs it once the runtime and the [files] are in place; when
it returns, js/boot.js marks the page ready.

The other modules arrive as one archive, py.zip in Pyodide's working directory
(pyscript.toml; built from py/ by tools/build_pybundle.py, with bytecode compiled in
advance): Python imports them straight from it (zipimport), with nothing to unpack.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "py.zip"))

from ui.app import App  # noqa: E402

app = App()
app.start()
