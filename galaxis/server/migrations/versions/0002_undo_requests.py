"""Pending undo requests, shared by every server process.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "undo_requests",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("by_seat", sa.Integer, nullable=False),
        sa.Column("keep", sa.Integer, nullable=False),
        sa.Column("votes", sa.JSON, nullable=False),
        sa.Column("needed", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("undo_requests")
