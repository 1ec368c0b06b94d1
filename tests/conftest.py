"""Shared test settings."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

# No timing assertions: shared machines are noisy, and first calls build tables or compile kernels.
settings.register_profile(
    "pokerscore", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("pokerscore")
