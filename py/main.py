"""The page's Python entry point: start the game UI (py/ui/app.py).

Kept tiny on purpose: PyScript runs it once the runtime and the [files] are in place; when
it returns, js/boot.js marks the page ready.
"""

from ui.app import App

app = App()
app.start()
