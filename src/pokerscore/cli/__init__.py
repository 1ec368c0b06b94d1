"""The pokerscore command line (Typer + Rich)."""
