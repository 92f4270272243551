"""Retrieval, the recall cascade, investigations and their reports."""
