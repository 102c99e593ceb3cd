CREATE TABLE "analytics_client_logs" (
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"at" bigint NOT NULL,
	"day" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"context" jsonb,
	CONSTRAINT "analytics_client_logs_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_views" (
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"at" bigint NOT NULL,
	"day" text NOT NULL,
	"path" text NOT NULL,
	"route" text NOT NULL,
	"title" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	CONSTRAINT "analytics_page_views_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"app_name" text NOT NULL,
	"platform" text NOT NULL,
	"locale" text NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"start_param" text,
	"first_seen" bigint NOT NULL,
	"last_seen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" text PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_client_logs_at_idx" ON "analytics_client_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_page_views_at_idx" ON "analytics_page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_last_seen_idx" ON "analytics_sessions" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "news_lang_active_idx" ON "news" USING btree ("lang","active");