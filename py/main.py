"""The page's Python entry point: start the game UI (py/ui/app.py).

Kept tiny on purpose: PyScript runs it once the runtime and the [files] are in place. Once
the first board is live it tells js/boot.js (`cakeBoot.live()`), which marks the page ready
there and then, without waiting for the runtime's own bookkeeping after this script.

The other modules arrive as one archive, py.zip in Pyodide's working directory
(pyscript.toml; built from py/ by tools/build_pybundle.py, with bytecode compiled in
advance): Python imports them straight from it (zipimport), with nothing to unpack.
"""

import os
import sys
import zipimport

from pyscript import window

BUNDLE = os.path.join(os.getcwd(), "py.zip")


class Bundle(zipimport.zipimporter):
    """py.zip's importer, reading each module once.

    zipimport reads, inflates and unmarshals a module's code twice: once only to name its
    file (when the module is found) and again to run it. The archive holds the bytecode of
    every module (tools/build_pybundle.py), so the name is known without reading it.
    """

    def get_filename(self, fullname: str) -> str:
        tail = fullname.rpartition(".")[2]
        inner = "/__init__.pyc" if self.is_package(fullname) else ".pyc"
        return os.path.join(self.archive, self.prefix + tail + inner)


def bundle_hook(path: str) -> zipimport.zipimporter:
    """The import hook for py.zip and the packages inside it."""
    if path == BUNDLE or path.startswith(BUNDLE + os.sep):
        return Bundle(path)
    raise ImportError(path)  # not the archive: the next hook takes it


def main() -> object:
    """Import the UI from the archive, draw the first board and say the page is ready;
    returns the game, which the page keeps for as long as it is open."""
    window.performance.mark("py:main")  # bench/pystart.py: where the page's Python goes
    sys.path_hooks.insert(0, bundle_hook)
    sys.path.insert(0, BUNDLE)

    from ui import later
    from ui.app import App

    window.performance.mark("py:imported")
    app = App()
    app.start()
    window.performance.mark("py:started")  # the first board is drawn and live
    window.cakeBoot.live()
    later.settle()  # what the first board did not need runs after its paint
    return app


if __name__ == "__main__":
    game = main()
