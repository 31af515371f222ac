"""The frozen app's second entry point: the ``lexsub`` command line."""

import sys

from lexsub_studio.cli.main import main

sys.exit(main())
