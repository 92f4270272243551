"""Mallory's platform-agnostic core: routing, research, the worker and delivery."""

__version__ = "0.1.0"
