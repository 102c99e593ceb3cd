ALTER TABLE "socket_acks" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "socket_acks" DROP CONSTRAINT "socket_acks_user_id_message_id_pk";--> statement-breakpoint
ALTER TABLE "socket_acks" ADD CONSTRAINT "socket_acks_user_id_message_id_fingerprint_pk" PRIMARY KEY("user_id","message_id","fingerprint");
