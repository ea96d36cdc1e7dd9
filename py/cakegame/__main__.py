"""`python -m cakegame play --players 3 --seats human,medium,hard` (see cakegame.cli)."""

import sys

from .cli import main

sys.exit(main())
