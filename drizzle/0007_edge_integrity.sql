ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_tg_id" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "wake_at" bigint;--> statement-breakpoint
CREATE INDEX "games_wake_idx" ON "games" USING btree ("wake_at") WHERE "games"."state" in ('new', 'countingDown', 'active');--> statement-breakpoint
UPDATE "payments" SET "payer_tg_id" = "users"."tg_id" FROM "users" WHERE "users"."id" = "payments"."user_id" AND "payments"."payer_tg_id" IS NULL AND "users"."tg_id" <> 0;
--> statement-breakpoint
-- Avatars come only from the catalogue (engine AVATARS, as of this migration): anything else (a picture URL) goes.
UPDATE "users" SET "avatar" = NULL WHERE "avatar" IS NOT NULL AND "avatar" NOT IN ('emoji:🦊', 'emoji:🐼', 'emoji:🦉', 'emoji:🐙', 'emoji:🦁', 'emoji:🐸', 'emoji:🐳', 'emoji:🦄', 'emoji:🐝', 'emoji:🐢', 'emoji:🌵', 'emoji:🚀', 'emoji:🐉', 'emoji:🦚', 'emoji:🦩', 'emoji:🐯', 'emoji:🦋', 'emoji:👑', 'emoji:🌈', 'emoji:⚡', 'emoji:💎', 'emoji:🎩');
--> statement-breakpoint
UPDATE "games" SET "snapshot" = jsonb_set("snapshot", '{players,0,user,avatar}', 'null'::jsonb) WHERE "snapshot" #>> '{players,0,user,avatar}' IS NOT NULL AND "snapshot" #>> '{players,0,user,avatar}' NOT IN ('emoji:🦊', 'emoji:🐼', 'emoji:🦉', 'emoji:🐙', 'emoji:🦁', 'emoji:🐸', 'emoji:🐳', 'emoji:🦄', 'emoji:🐝', 'emoji:🐢', 'emoji:🌵', 'emoji:🚀', 'emoji:🐉', 'emoji:🦚', 'emoji:🦩', 'emoji:🐯', 'emoji:🦋', 'emoji:👑', 'emoji:🌈', 'emoji:⚡', 'emoji:💎', 'emoji:🎩');
--> statement-breakpoint
UPDATE "games" SET "snapshot" = jsonb_set("snapshot", '{players,1,user,avatar}', 'null'::jsonb) WHERE "snapshot" #>> '{players,1,user,avatar}' IS NOT NULL AND "snapshot" #>> '{players,1,user,avatar}' NOT IN ('emoji:🦊', 'emoji:🐼', 'emoji:🦉', 'emoji:🐙', 'emoji:🦁', 'emoji:🐸', 'emoji:🐳', 'emoji:🦄', 'emoji:🐝', 'emoji:🐢', 'emoji:🌵', 'emoji:🚀', 'emoji:🐉', 'emoji:🦚', 'emoji:🦩', 'emoji:🐯', 'emoji:🦋', 'emoji:👑', 'emoji:🌈', 'emoji:⚡', 'emoji:💎', 'emoji:🎩');
