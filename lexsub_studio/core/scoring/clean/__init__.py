"""Clean scoring: the official measures with each defect fixed by a named switch, item by item."""
