DROP INDEX "trade_partners_email_trgm_idx";--> statement-breakpoint
DROP INDEX "trade_partners_coc_trgm_idx";--> statement-breakpoint
DROP INDEX "trade_partners_vat_trgm_idx";--> statement-breakpoint
CREATE INDEX "trade_partners_email_prefix_idx" ON "trade_partners" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "trade_partners_coc_prefix_idx" ON "trade_partners" USING btree ("coc_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "trade_partners_vat_prefix_idx" ON "trade_partners" USING btree ("vat_number" text_pattern_ops);