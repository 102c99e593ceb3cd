CREATE TABLE "dictionary_overlay" (
	"lang" text NOT NULL,
	"word" text NOT NULL,
	"dict_type" text NOT NULL,
	"added_at" bigint NOT NULL,
	"added_by" text,
	"report_id" text,
	CONSTRAINT "dictionary_overlay_lang_word_pk" PRIMARY KEY("lang","word")
);
--> statement-breakpoint
CREATE TABLE "word_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"game_id" text,
	"lang" text NOT NULL,
	"dict_type" text NOT NULL,
	"word" text NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"decided_at" bigint,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "game_reviews" (
	"game_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"review" jsonb,
	"reason" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "word_reports" ADD CONSTRAINT "word_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_reviews" ADD CONSTRAINT "game_reviews_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "word_reports_user_word_unique" ON "word_reports" USING btree ("user_id","lang","word");--> statement-breakpoint
CREATE INDEX "word_reports_pending_idx" ON "word_reports" USING btree ("created_at") WHERE "word_reports"."status" = 'pending';