"""The frozen app's second entry point: the ``lexsub`` command line, run as the wheel's
``lexsub`` script runs it."""

from lexsub_studio.cli.main import run_program

run_program()
