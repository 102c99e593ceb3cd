ALTER TABLE "games" ADD COLUMN "computer_level" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "daily_id" text;--> statement-breakpoint
CREATE INDEX "games_daily_idx" ON "games" USING btree ("daily_id") WHERE "games"."daily_id" is not null;