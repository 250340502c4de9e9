"""The database: its models (models), the action path's reads and writes (store), set-up,
SQLite pragmas and migrations (setup); the Flask-SQLAlchemy extension (extensions). Imports
only the engine (the log's chain) and codec: everything that reads or writes a table comes
through here, nothing here knows a request."""
