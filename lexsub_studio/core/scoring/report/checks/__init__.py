"""The checks behind a system file's warnings (system_warnings.py): what the file and its gold
look like to them, the checks of lines and of spellings, and the effect of each on the score."""
