CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trade_partner_id" bigint NOT NULL,
	"type" text DEFAULT 'REGISTERED' NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"post_code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trade_partner_id" bigint NOT NULL,
	"email" text NOT NULL,
	"access_level" text DEFAULT 'VIEWER' NOT NULL,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" bigint,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "trade_partner_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trade_partner_id" bigint NOT NULL,
	"user_id" bigint,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"job_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_partner_contacts_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "trade_partner_members" (
	"trade_partner_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"access_level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_partner_members_trade_partner_id_user_id_pk" PRIMARY KEY("trade_partner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trade_partners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"legal_form" text,
	"coc_number" text,
	"vat_number" text,
	"country" text,
	"verified" boolean DEFAULT false NOT NULL,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_partners_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_contacts" ADD CONSTRAINT "trade_partner_contacts_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_contacts" ADD CONSTRAINT "trade_partner_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_members" ADD CONSTRAINT "trade_partner_members_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_members" ADD CONSTRAINT "trade_partner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partners" ADD CONSTRAINT "trade_partners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_trade_partner_idx" ON "addresses" USING btree ("trade_partner_id","position");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_key" ON "invitations" USING btree ("trade_partner_id","email") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "trade_partner_contacts_partner_idx" ON "trade_partner_contacts" USING btree ("trade_partner_id");--> statement-breakpoint
CREATE INDEX "trade_partner_members_user_idx" ON "trade_partner_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_partners_coc_number_key" ON "trade_partners" USING btree ("coc_number");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_partners_vat_number_key" ON "trade_partners" USING btree ("vat_number");--> statement-breakpoint
CREATE INDEX "trade_partners_name_trgm_idx" ON "trade_partners" USING gin (lower("name") gin_trgm_ops);