"""The main window's parts, each with one job; ``gui/main_window.py`` puts them together."""
