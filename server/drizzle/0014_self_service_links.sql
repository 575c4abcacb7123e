CREATE TABLE "kyc_selfservice_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kyc_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"recipient_email" text,
	"recipient_name" text,
	"language" text DEFAULT 'en' NOT NULL,
	"allow_account" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint,
	"submitted_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by" bigint,
	"last_used_at" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kyc_selfservice_links_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "kyc_selfservice_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "kyc_selfservice_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	"user_agent" text,
	"action" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kyc_id" bigint;--> statement-breakpoint
ALTER TABLE "kyc_audit_events" ADD COLUMN "via_selfservice_link" bigint;--> statement-breakpoint
ALTER TABLE "kyc_selfservice_links" ADD CONSTRAINT "kyc_selfservice_links_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_selfservice_links" ADD CONSTRAINT "kyc_selfservice_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_selfservice_links" ADD CONSTRAINT "kyc_selfservice_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_selfservice_links" ADD CONSTRAINT "kyc_selfservice_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_selfservice_links" ADD CONSTRAINT "kyc_selfservice_links_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_selfservice_uses" ADD CONSTRAINT "kyc_selfservice_uses_link_id_kyc_selfservice_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."kyc_selfservice_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_selfservice_links_kyc_idx" ON "kyc_selfservice_links" USING btree ("kyc_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_selfservice_uses_link_idx" ON "kyc_selfservice_uses" USING btree ("link_id","at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_kyc_idx" ON "documents" USING btree ("kyc_id","status","created_at") WHERE "documents"."kyc_id" is not null;