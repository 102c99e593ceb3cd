CREATE TABLE "game_leases" (
	"game_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_leases_owner_idx" ON "game_leases" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "game_leases_expires_idx" ON "game_leases" USING btree ("expires_at");