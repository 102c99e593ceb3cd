CREATE TABLE "telegram_photos" (
	"user_id" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"hash" text NOT NULL,
	"fetched_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_photos" ADD CONSTRAINT "telegram_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;