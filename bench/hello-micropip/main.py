"""Hello world with one installed wheel: draw one SVG shape, enable one button."""

from hellowheel import COLOURS, colour
from pyodide.ffi import create_proxy
from pyscript import document

SVG = "http://www.w3.org/2000/svg"

board = document.getElementById("board")
circle = document.createElementNS(SVG, "circle")
for name, value in (("cx", "60"), ("cy", "60"), ("r", "50"), ("fill", COLOURS[0])):
    circle.setAttribute(name, value)
board.appendChild(circle)

clicks = 0


def on_click(event):
    global clicks
    clicks += 1
    circle.setAttribute("fill", colour(clicks))
    document.getElementById("count").textContent = str(clicks)


button = document.getElementById("hello")
button.addEventListener("click", create_proxy(on_click))
button.disabled = False
