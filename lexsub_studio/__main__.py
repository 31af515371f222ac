import sys

from lexsub_studio.cli.main import main

sys.exit(main())
