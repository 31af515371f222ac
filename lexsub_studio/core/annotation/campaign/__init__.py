"""Team campaigns: assignment plans, and the PostgreSQL server (schema, roles, links, joining,
sync, monitoring)."""
