"""Platform adapters: each turns platform events into ``bot.events`` and back."""
