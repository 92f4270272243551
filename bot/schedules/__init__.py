"""Research on a schedule: rules read offline (``rules``), due runs taken once across
processes (``runs``), what people ask of schedules (``service``), digests (``digest``)."""
