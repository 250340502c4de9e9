"""the log's hash chain (each entry's head, the table's last) and the state before each action

Revision ID: d4e8b1c7a2f9
Revises: c9d2a5f1e7b3
Create Date: 2026-12-01 22:50:00.000000

Tables from before this revision get their chain here: the genesis from what each was opened
with, then every entry linked in order (engine/replay.py). Their actions keep no state before
them: an undo of one of those replays the log, as before.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd4e8b1c7a2f9'
down_revision = 'c9d2a5f1e7b3'
branch_labels = None
depends_on = None

EXPORT_FORMAT = "tableapp-export/1"


def upgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('log_head', sa.String(length=64), nullable=True))
    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('head', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('before', sa.JSON(), nullable=True))
    _backfill(op.get_bind())


def _backfill(conn):
    from tableapp.engine.replay import genesis, link

    tables = sa.table(
        'tables',
        sa.column('id'),
        sa.column('code'),
        sa.column('game'),
        sa.column('variant'),
        sa.column('options', sa.JSON()),
        sa.column('content', sa.JSON()),
        sa.column('content_origin'),
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
    rows = conn.execute(sa.select(tables).where(tables.c.log_head.is_(None))).all()
    for table in rows:
        head = genesis(
            format=EXPORT_FORMAT,
            code=table.code,
            game=table.game,
            variant=table.variant,
            options=table.options or {},
            content=table.content,
            content_origin=table.content_origin or "builtin",
            seed_commitment=table.seed_commitment,
        )
        entries = conn.execute(
            sa.select(actions).where(actions.c.table_id == table.id).order_by(actions.c.number)
        ).all()
        for entry in entries:
            head = link(head, dict(entry._mapping), None)  # the first chain: no key
            conn.execute(sa.update(actions).where(actions.c.id == entry.id).values(head=head))
        conn.execute(sa.update(tables).where(tables.c.id == table.id).values(log_head=head))


def downgrade():
    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.drop_column('before')
        batch_op.drop_column('head')
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('log_head')
