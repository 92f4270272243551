"""Knowledge in: notes and JSON Lines corpora loaded into the knowledge base."""
