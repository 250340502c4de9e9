"""Live events: the notifier every commit rings and streams wait on, in-process or
across app servers through Redis."""
