"""The inbound path: the durable inbox and the door that holds work while the database is away, the
pipeline every message takes (clean, store once, classify, route), per-conversation order, follow-ups."""
