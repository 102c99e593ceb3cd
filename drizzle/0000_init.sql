CREATE TABLE "coin_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"telegram_payment_charge_id" text NOT NULL,
	"provider_payment_charge_id" text,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "payments_telegram_payment_charge_id_unique" UNIQUE("telegram_payment_charge_id")
);
--> statement-breakpoint
CREATE TABLE "game_history" (
	"game_id" text NOT NULL,
	"ts" integer NOT NULL,
	"events" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "game_history_game_id_ts_pk" PRIMARY KEY("game_id","ts")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"ts" integer NOT NULL,
	"state" text NOT NULL,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"lang" text NOT NULL,
	"opponents" text[] NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"finished_at" bigint,
	"expired_at" bigint
);
--> statement-breakpoint
CREATE TABLE "notebooks" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"words" jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "notebooks_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "socket_acks" (
	"user_id" text NOT NULL,
	"message_id" text NOT NULL,
	"ack" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "socket_acks_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"secret" text,
	"owner_id" text NOT NULL,
	"mode" text NOT NULL,
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"options" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"pinged_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"tg_id" bigint DEFAULT 0 NOT NULL,
	"tg_username" text,
	"tg_allows_pm" boolean DEFAULT false NOT NULL,
	"elo_pvp" integer DEFAULT 1200 NOT NULL,
	"elo_pve" integer DEFAULT 1200 NOT NULL,
	"lang" text NOT NULL,
	"avatar" text,
	"stats" jsonb NOT NULL,
	"awards" jsonb NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"intercom_slots" jsonb NOT NULL,
	"game_slots" integer NOT NULL,
	"is_tutorial_available" boolean DEFAULT true NOT NULL,
	"tutorial_passed_at" bigint,
	"subscription" jsonb NOT NULL,
	"income" jsonb NOT NULL,
	"referrer" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_history" ADD CONSTRAINT "game_history_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebooks" ADD CONSTRAINT "notebooks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebooks" ADD CONSTRAINT "notebooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_user_idx" ON "coin_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_once_unique" ON "coin_ledger" USING btree ("user_id","reason","reference") WHERE "coin_ledger"."reference" is not null;--> statement-breakpoint
CREATE INDEX "games_opponents_idx" ON "games" USING gin ("opponents");--> statement-breakpoint
CREATE INDEX "games_unfinished_idx" ON "games" USING btree ("state") WHERE "games"."state" in ('new', 'countingDown', 'active');--> statement-breakpoint
CREATE INDEX "socket_acks_created_idx" ON "socket_acks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_rooms_code_unique" ON "waiting_rooms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "waiting_rooms_secret_idx" ON "waiting_rooms" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "waiting_rooms_owner_idx" ON "waiting_rooms" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "waiting_rooms_queue_idx" ON "waiting_rooms" USING btree ("mode","lang","type");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tg_id_unique" ON "users" USING btree ("tg_id") WHERE "users"."tg_id" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX "users_web_nickname_unique" ON "users" USING btree ("nickname") WHERE "users"."tg_id" = 0;--> statement-breakpoint
CREATE INDEX "users_elo_pvp_idx" ON "users" USING btree ("elo_pvp");--> statement-breakpoint
CREATE INDEX "users_elo_pve_idx" ON "users" USING btree ("elo_pve");--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer");