"""rate limit hits: counts every worker and server of a site shares

Revision ID: a9c41e7d2b60
Revises: 4b3713258a49
Create Date: 2026-12-01 09:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a9c41e7d2b60'
down_revision = '4b3713258a49'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('rate_limit_hits',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('bucket', sa.String(length=40), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('rate_limit_hits', schema=None) as batch_op:
        batch_op.create_index('ix_rate_limit_hits_address', ['bucket', 'address', 'at'], unique=False)
        batch_op.create_index('ix_rate_limit_hits_at', ['bucket', 'at'], unique=False)


def downgrade():
    with op.batch_alter_table('rate_limit_hits', schema=None) as batch_op:
        batch_op.drop_index('ix_rate_limit_hits_at')
        batch_op.drop_index('ix_rate_limit_hits_address')

    op.drop_table('rate_limit_hits')
