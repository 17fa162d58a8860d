ALTER TABLE "community_answers" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "community_answers" ADD COLUMN "rejection_note" text;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "rejection_note" text;