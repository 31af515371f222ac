"""Reading and writing files: the formats, atomic writes, output sets, detection and validation."""
