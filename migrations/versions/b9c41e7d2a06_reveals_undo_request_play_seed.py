"""undo that reveals, pending undo requests, the effective seed

Revision ID: b9c41e7d2a06
Revises: a9c41e7d2b60
Create Date: 2026-12-08 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b9c41e7d2a06'
down_revision = 'a9c41e7d2b60'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('reveals', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('play_seed', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('undo_request', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('undo_request')
        batch_op.drop_column('play_seed')
    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.drop_column('reveals')
