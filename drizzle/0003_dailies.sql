CREATE TABLE "dailies" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"day" text NOT NULL,
	"lang" text NOT NULL,
	"seed" bigint NOT NULL,
	"board" jsonb NOT NULL,
	"secret" text,
	"level" text NOT NULL,
	"time_mode" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ends_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_best" (
	"daily_id" text NOT NULL,
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"won" boolean NOT NULL,
	"turns" integer NOT NULL,
	"time_ms" bigint NOT NULL,
	"score" integer NOT NULL,
	"finished_at" bigint NOT NULL,
	"attempts" integer NOT NULL,
	"secret_found" boolean DEFAULT false NOT NULL,
	CONSTRAINT "daily_best_daily_id_user_id_pk" PRIMARY KEY("daily_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "daily_best" ADD CONSTRAINT "daily_best_daily_id_dailies_id_fk" FOREIGN KEY ("daily_id") REFERENCES "public"."dailies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_best" ADD CONSTRAINT "daily_best_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_best" ADD CONSTRAINT "daily_best_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dailies_day_lang_key_unique" ON "dailies" USING btree ("day","lang","key");--> statement-breakpoint
CREATE INDEX "daily_best_user_idx" ON "daily_best" USING btree ("user_id");