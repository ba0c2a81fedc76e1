"""The seats' waits in the append's one round trip on PostgreSQL (``docs/architecture.md``,
The path of a command):
``starport_append`` with a twelfth argument, ``p_waits``, that also does what
``store.track_waits`` did in two more statements after it -- the waits of the seats the game
now waits on begin (unless going on), the other seats' waits end. An append whose pending
seats changed was three round trips of the writer thread (each one a wait for the network,
then for the GIL to come back from the busy event loop); it is one now. The eleven-argument
function of 0003_speed stays (an older server still calls it). SQLite needs none.

Revision ID: 0007_pgappend
Revises: 0003_mygames
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0007_pgappend"
down_revision = "0003_mygames"
branch_labels = None
depends_on = None

APPEND = """
CREATE OR REPLACE FUNCTION starport_append(
    p_game text, p_expected integer, p_last integer, p_over boolean, p_pending json,
    p_at timestamptz, p_seat integer, p_by_bot boolean, p_client text, p_events json,
    p_notify text, p_waits boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    st text;
    is_bot boolean;
    waited integer[];
BEGIN
    UPDATE games SET seq = p_last, over = p_over, pending_seats = p_pending,
                     waiting_since = p_at
     WHERE id = p_game AND seq = p_expected;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'starport:conflict';
    END IF;
    SELECT t.status, s.bot INTO st, is_bot
      FROM tables t LEFT JOIN seats s ON s.table_id = t.id AND s.seat = p_seat
     WHERE t.id = p_game FOR SHARE OF t;
    IF st IS DISTINCT FROM 'playing' THEN
        RAISE EXCEPTION 'starport:closed:%', coalesce(st, 'gone');
    END IF;
    IF p_seat IS NOT NULL AND NOT p_by_bot AND coalesce(is_bot, false) THEN
        RAISE EXCEPTION 'starport:bot';
    END IF;
    IF p_waits THEN
        waited := ARRAY(SELECT value::integer FROM json_array_elements_text(p_pending));
        UPDATE seats SET wait_since = p_at, alerted = false
         WHERE table_id = p_game AND seat = ANY (waited) AND wait_since IS NULL;
        UPDATE seats SET wait_since = NULL, alerted = false
         WHERE table_id = p_game AND seat <> ALL (waited) AND wait_since IS NOT NULL;
    END IF;
    INSERT INTO events (game_id, seq, type, audience, type_public, v, payload, created_at,
                        actor)
    SELECT p_game, (e->>0)::integer, e->>1, e->2, (e->>3)::boolean, (e->>4)::integer, e->5,
           p_at, (e->>6)::integer
      FROM json_array_elements(p_events) AS e;
    IF p_client IS NOT NULL AND p_seat IS NOT NULL THEN
        INSERT INTO commands (game_id, seat, client_id, first_seq, last_seq, created_at)
        VALUES (p_game, p_seat, p_client, p_expected + 1, p_last, p_at);
    END IF;
    IF p_notify IS NOT NULL THEN
        PERFORM pg_notify('starport', p_notify);
    END IF;
END
$$;
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(APPEND)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS starport_append(text, integer, integer, boolean, "
                   "json, timestamptz, integer, boolean, text, json, text, boolean)")
