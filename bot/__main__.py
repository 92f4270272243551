"""``python -m bot`` is the ``mallory`` command."""

import sys

from bot.cli import main

sys.exit(main())
