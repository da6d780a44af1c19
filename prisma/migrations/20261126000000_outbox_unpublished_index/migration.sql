-- The relay's claim (workers/relay/outbox-relay.ts) asks for the oldest unpublished rows. Through the index on
-- (published_at, created_at) it found them with a bitmap scan that also returned every row relayed since the last
-- vacuum (each row's unpublished version stays in the index until then) and read those rows' heap pages: on a busy
-- outbox a claim that found nothing took 4 ms after 12,000 events, and 10-30 ms under load. This index holds only
-- unpublished rows, in the claim's order; the claim walks it in order, and PostgreSQL marks the entries of relayed
-- rows dead as the walk passes them, so later claims step over them without reading the table.

-- CreateIndex
CREATE INDEX "outbox_unpublished_idx" ON "outbox"("created_at", "id") WHERE (published_at IS NULL);
