"""The page's Python entry point: start the game UI (py/ui/app.py).

Kept tiny on purpose: PyScript runs it once the runtime and the [files] are in place; when
it returns, js/boot.js marks the page ready.

The other modules arrive as one archive, py.zip in Pyodide's working directory
(pyscript.toml; built from py/ by tools/build_pybundle.py, with bytecode compiled in
advance): Python imports them straight from it (zipimport), with nothing to unpack.
"""

import os
import sys

from pyscript import window

window.performance.mark("py:main")  # bench/pystart.py: where the page's Python goes
sys.path.insert(0, os.path.join(os.getcwd(), "py.zip"))

from ui import later  # noqa: E402
from ui.app import App  # noqa: E402

window.performance.mark("py:imported")
app = App()
app.start()
window.performance.mark("py:started")  # the first board is drawn and live
later.settle()  # what the first board did not need runs after its paint
