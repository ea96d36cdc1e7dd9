"""The small wheel of the micropip floor (bench/hello-micropip/): written, not built.

A wheel is a zip with the module, METADATA, WHEEL and a RECORD of hashes; this writes one
by hand (one module, no bytecode) so the floor needs no build backend. bench/page.py calls
`ensure()` before it measures.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHEEL = ROOT / "build" / "bench" / "hellowheel-1.0-py3-none-any.whl"

MODULE = '''"""The micropip floor's one installed module."""

COLOURS = ("#2f8fff", "#ff8a1f")


def colour(clicks: int) -> str:
    return COLOURS[clicks % 2]
'''
FILES = {
    "hellowheel/__init__.py": MODULE,
    "hellowheel-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: hellowheel\n"
                                         "Version: 1.0\n",
    "hellowheel-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: bench/floor_wheel.py\n"
                                      "Root-Is-Purelib: true\nTag: py3-none-any\n",
}


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(
        b"=").decode()


def content() -> bytes:
    buf = io.BytesIO()
    record = []
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in FILES.items():
            data = text.encode()
            z.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data)
            record.append(f"{name},{_digest(data)},{len(data)}")
        record.append("hellowheel-1.0.dist-info/RECORD,,")
        z.writestr(zipfile.ZipInfo("hellowheel-1.0.dist-info/RECORD", (2020, 1, 1, 0, 0, 0)),
                   "\n".join(record) + "\n")
    return buf.getvalue()


def ensure() -> Path:
    data = content()
    if not WHEEL.is_file() or WHEEL.read_bytes() != data:
        WHEEL.parent.mkdir(parents=True, exist_ok=True)
        WHEEL.write_bytes(data)
    return WHEEL
