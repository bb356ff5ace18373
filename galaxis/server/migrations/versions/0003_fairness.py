"""The seed's commitment nonce and what the creator fixed (seed, set-up).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("nonce", sa.String(64), nullable=True))
    op.add_column("matches", sa.Column("custom", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "custom")
    op.drop_column("matches", "nonce")
