"""Domain-free plumbing any layer may use: the error root, optional extras, atomic files,
work on a reading thread, progress callbacks, tasks on a Dask client and a faster ``__init__``
for frozen slots dataclasses. Nothing here knows about cards or poker."""
