"""Extra ``mallory`` subcommands: each module here has ``register(subparsers)``."""
