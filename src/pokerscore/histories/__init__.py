"""Hand histories: PHH and PokerStars files read into one model, replayed exactly, all-in EV,
per-player statistics, and runs over folders of any size (Parquet out, on Dask if asked)."""
