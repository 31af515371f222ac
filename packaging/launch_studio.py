"""The frozen app's entry point: ``lexsub-studio`` (the GUI, or ``--self-test``)."""

import sys

from lexsub_studio.gui.app import main

sys.exit(main())
