"""Rendering results for people: text, CSV, LaTeX, HTML, JSON and plots."""
