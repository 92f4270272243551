"""The work: the worker that claims investigations, one investigation from request to report, the
delivery of reports and late replies, and the clock (APScheduler) that drives them."""
