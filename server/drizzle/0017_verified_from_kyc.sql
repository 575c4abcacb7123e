-- A company is verified when its latest KYC file is APPROVED: read from that file, never kept apart (decision 040).
ALTER TABLE "trade_partners" DROP COLUMN "verified";