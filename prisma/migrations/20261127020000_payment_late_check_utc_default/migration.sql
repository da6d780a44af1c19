-- created_at and late_check_at hold UTC, whatever the session's time zone: the default for rows an older process
-- makes during a deploy is counted from UTC too (CURRENT_TIMESTAMP would be stored in the session's local time).
ALTER TABLE "payments" ALTER COLUMN "late_check_at" SET DEFAULT ((now() AT TIME ZONE 'UTC') + '01:00:00'::interval);
