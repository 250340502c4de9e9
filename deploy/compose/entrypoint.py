"""The app container's entrypoint: secrets from files into the environment, then the command.

compose.yaml hands the secrets over as files (compose ``secrets:``, mounted in /run/secrets),
never as values in the compose file or the image:

  NAME_FILE            for NAME in SECRETS: NAME is set to the file's content (trailing
                       newlines dropped, as PostgreSQL's image does with its
                       POSTGRES_PASSWORD_FILE); setting both NAME and NAME_FILE is refused
  DATABASE_PASSWORD    (or DATABASE_PASSWORD_FILE) goes into DATABASE_URL, percent-encoded, so
                       the URL in compose.yaml names the user and host but holds no password

A secret that is required and missing or empty stops the container with a message (status
78), before the app opens anything. Standard library only: it runs before the app is imported.
"""

from __future__ import annotations

import os
import sys
from urllib.parse import quote, urlsplit, urlunsplit

#: Variables that may come from a file (``NAME_FILE``).
SECRETS = ("TABLEAPP_SECRET_KEY", "DATABASE_PASSWORD", "DATABASE_URL", "REDIS_URL")
#: Variables the app must have (the app servers of one site share the secret key).
REQUIRED = ("TABLEAPP_SECRET_KEY", "DATABASE_URL")
CONFIG_ERROR = 78  # EX_CONFIG


class Refused(Exception):
    pass


def read_secrets(environ: dict) -> dict:
    """The environment with every ``NAME_FILE`` read into ``NAME`` and the database password
    put into ``DATABASE_URL``; raises :class:`Refused` saying what is wrong."""
    env = dict(environ)
    for name in SECRETS:
        path = env.get(name + "_FILE")
        if not path:
            continue
        if env.get(name):
            raise Refused(f"both {name} and {name}_FILE are set: give one")
        try:
            with open(path, encoding="utf-8") as file:
                value = file.read()
        except OSError as error:
            raise Refused(f"{name}_FILE: cannot read {path} ({error.strerror})") from None
        value = value.rstrip("\n")
        if not value.strip():
            raise Refused(f"{name}_FILE: {path} is empty")
        env[name] = value
    password = env.pop("DATABASE_PASSWORD", None)
    if password is not None:
        env["DATABASE_URL"] = with_password(env.get("DATABASE_URL", ""), password)
    for name in REQUIRED:
        if not env.get(name, "").strip():
            raise Refused(f"{name} is not set (nor {name}_FILE)")
    return env


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` (percent-encoded) for its user."""
    parts = urlsplit(url)
    if not parts.username or not parts.hostname:
        raise Refused("DATABASE_PASSWORD is set but DATABASE_URL names no user@host")
    if parts.password is not None:
        raise Refused("DATABASE_PASSWORD is set but DATABASE_URL holds a password already")
    host = parts.netloc.rpartition("@")[2]
    netloc = f"{parts.username}:{quote(password, safe='')}@{host}"
    return urlunsplit(parts._replace(netloc=netloc))


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit("entrypoint: no command given")
    try:
        env = read_secrets(dict(os.environ))
    except Refused as refused:
        print(f"entrypoint: {refused}", file=sys.stderr)
        sys.exit(CONFIG_ERROR)
    os.execvpe(argv[0], argv, env)


if __name__ == "__main__":
    main(sys.argv[1:])
