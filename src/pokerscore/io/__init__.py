"""Hand files: formats, vectorised card parsing and chunked reading and writing (pyarrow).

The layer beside the command line: the CLI and library users both call it, and nothing below it
imports it. pyarrow (the ``files`` extra) is imported inside the functions that need it, never
with this package.
"""
