from lexsub_studio.cli.main import run_program

run_program()
