"""Strategy lists for video poker: read a list in players' words, play every deal by it
exactly, and generate one from a pay table."""
