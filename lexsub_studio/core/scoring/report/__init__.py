"""One system's clean score report: what scoring is asked, its figures and warnings,
the report in every format, post-hoc figures and the results tables."""
