"""The database: its models, reads and writes (store), set-up and migrations
(setup), retention; the Flask-SQLAlchemy extension."""
