"""preflop."""
