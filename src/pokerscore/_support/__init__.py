"""Domain-free plumbing any layer may use: the error root, optional extras, atomic files,
work on a reading thread, progress callbacks and tasks on a Dask client. Nothing here knows
about cards or poker."""
