"""Text: one Markdown parse, the citation grammar, content words, redaction of secrets, and labels
made safe to show."""
