"""The read model of the investigations view (adapters/web): who is signed in and what they
may see (``access``), and what each page shows (``investigations``, ``graph``, ``usage``)."""
