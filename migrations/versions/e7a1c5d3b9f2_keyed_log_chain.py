"""the log's hash chain sealed under the table's key: every table re-linked

Revision ID: e7a1c5d3b9f2
Revises: d4e8b1c7a2f9
Create Date: 2026-12-05 14:00:00.000000

The first chain hashed each entry in the clear, so anyone who knew the pack could try each card
as the private part of a draw until a head matched. Every entry is now sealed with a keyed hash
whose key comes from the table's secret seed (engine/replay.py). Every table's chain is linked
again here, from a genesis of the new format: a game in progress shows its new head from the
next view on, and its log's old heads (which told its cards) are gone.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e7a1c5d3b9f2'
down_revision = 'd4e8b1c7a2f9'
branch_labels = None
depends_on = None

EXPORT_FORMAT = "tableapp-export/2"


def upgrade():
    _relink(op.get_bind())


def _relink(conn, key=True):
    """Every table's chain from its genesis, each entry sealed under the table's key (``key``
    False: in the clear, as the first chain was: what ``downgrade`` restores)."""
    from tableapp.engine.replay import PLAIN_FORMAT, chain_key, genesis, link

    tables = sa.table(
        'tables',
        sa.column('id'),
        sa.column('code'),
        sa.column('game'),
        sa.column('variant'),
        sa.column('options', sa.JSON()),
        sa.column('content', sa.JSON()),
        sa.column('content_origin'),
        sa.column('seed'),
        sa.column('seed_commitment'),
        sa.column('log_head'),
    )
    actions = sa.table(
        'actions',
        sa.column('id'),
        sa.column('table_id'),
        sa.column('number'),
        sa.column('seat'),
        sa.column('type'),
        sa.column('payload', sa.JSON()),
        sa.column('public', sa.JSON()),
        sa.column('private', sa.JSON()),
        sa.column('reveals'),
        sa.column('head'),
    )
    for table in conn.execute(sa.select(tables)).all():
        head = genesis(
            format=EXPORT_FORMAT if key else PLAIN_FORMAT,
            code=table.code,
            game=table.game,
            variant=table.variant,
            options=table.options or {},
            content=table.content,
            content_origin=table.content_origin or "builtin",
            seed_commitment=table.seed_commitment,
        )
        sealing = chain_key(bytes.fromhex(table.seed)) if key else None
        entries = conn.execute(
            sa.select(actions).where(actions.c.table_id == table.id).order_by(actions.c.number)
        ).all()
        for entry in entries:
            head = link(head, dict(entry._mapping), sealing)
            conn.execute(sa.update(actions).where(actions.c.id == entry.id).values(head=head))
        conn.execute(sa.update(tables).where(tables.c.id == table.id).values(log_head=head))


def downgrade():
    _relink(op.get_bind(), key=False)
