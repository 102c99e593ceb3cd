ALTER TABLE "game_history" ADD COLUMN "server_changes" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "snapshot_ts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every stored game's snapshot is at its version until now (one snapshot per commit).
UPDATE "games" SET "snapshot_ts" = "ts";
