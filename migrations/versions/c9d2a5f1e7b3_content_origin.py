"""where a table's content pack comes from: the built-in pack or the host's own

Revision ID: c9d2a5f1e7b3
Revises: b9c41e7d2a06
Create Date: 2026-12-01 11:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c9d2a5f1e7b3'
down_revision = 'b9c41e7d2a06'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                'content_origin', sa.String(length=12), server_default='builtin', nullable=False
            )
        )


def downgrade():
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('content_origin')
