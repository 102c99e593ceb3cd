CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"goods" jsonb NOT NULL,
	"price_xtr" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"paid_at" bigint
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "delivered" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intercom_slots_bought" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_coins_nonnegative" CHECK ("users"."coins" >= 0);