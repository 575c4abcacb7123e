CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"trade_partner_id" bigint,
	"user_id" bigint,
	"contact_id" bigint,
	"address_id" bigint,
	"shipment_id" bigint,
	"order_id" bigint,
	"transport_id" bigint,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "documents_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_contact_id_trade_partner_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trade_partner_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_trade_partner_idx" ON "documents" USING btree ("trade_partner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id") WHERE "documents"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_contact_idx" ON "documents" USING btree ("contact_id") WHERE "documents"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_address_idx" ON "documents" USING btree ("address_id") WHERE "documents"."address_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_shipment_idx" ON "documents" USING btree ("shipment_id") WHERE "documents"."shipment_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id") WHERE "documents"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_transport_idx" ON "documents" USING btree ("transport_id") WHERE "documents"."transport_id" is not null;